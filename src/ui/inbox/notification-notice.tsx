import { BellOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useNotificationPrefs } from './notification-prefs-store';
import { notificationPermission, whyNoNotifications } from './notification-permission';
import './inbox.css';

// The person may change the site setting in the browser's menu: read it again when the tab comes back.
function onTabShown(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * Says why no browser notification will show, when the person turned them on and the browser says
 * no (blocked, or no API on this origin). Nothing while they are off or allowed.
 */
export function NotificationNotice() {
  const enabled = useNotificationPrefs((state) => state.enabled);
  const permission = useSyncExternalStore(onTabShown, notificationPermission, () => 'default' as const);
  const why = enabled ? whyNoNotifications(permission) : undefined;
  if (!why) return null;
  return (
    <p className="notice notice--warning inbox-notice" data-testid="notifications-blocked">
      <BellOff size={16} aria-hidden />
      <span>{why}</span>
    </p>
  );
}
