import { BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNotificationPrefs } from './notification-prefs-store';
import { notificationPermission, whyNoNotifications } from './notification-permission';

/**
 * Says why no browser notification will show, when the person turned them on and the browser says
 * no (blocked, or no API on this origin). Nothing while they are off or allowed.
 */
export function NotificationNotice() {
  const enabled = useNotificationPrefs((state) => state.enabled);
  const [permission, setPermission] = useState(notificationPermission);
  // Read again when switched on (the browser has just answered) and when the tab comes back (the
  // person may have changed the site setting in the browser's menu meanwhile).
  useEffect(() => {
    setPermission(notificationPermission());
    const reread = () => setPermission(notificationPermission());
    document.addEventListener('visibilitychange', reread);
    return () => document.removeEventListener('visibilitychange', reread);
  }, [enabled]);
  const why = enabled ? whyNoNotifications(permission) : undefined;
  if (!why) return null;
  return (
    <p className="notice notice--warning inbox-notice" data-testid="notifications-blocked">
      <BellOff size={16} aria-hidden />
      <span>{why}</span>
    </p>
  );
}
