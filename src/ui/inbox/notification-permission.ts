/** Where this page stands with browser notifications: granted, not asked yet, denied, or no API at all. */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Why no notification shows, in words a person can act on; undefined when they can show. */
export function whyNoNotifications(permission: NotificationPermissionState): string | undefined {
  if (permission === 'denied')
    return 'This browser blocks notifications for this page, so none will show. The inbox and the tab title still count what needs you; allow notifications in the site settings to get them.';
  if (permission === 'unsupported')
    return 'This browser has no notifications here (they need localhost or HTTPS). The inbox and the tab title still count what needs you.';
  return undefined;
}
