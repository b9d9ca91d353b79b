import { useId } from 'react';
import { type NotificationGroup, useNotificationPrefs } from './notification-prefs-store';
import { NotificationNotice } from './notification-notice';
import { notificationPermission } from './notification-permission';

const GROUP_LABELS: Record<NotificationGroup, string> = {
  approval: 'An action waits for approval',
  finished: 'A run finished',
  failed: 'A run or an automation failed',
  stuck: 'A run got stuck',
  paused: 'A run paused and waits (a budget reached)',
};

/**
 * The settings' "Notifications" section: browser notifications off until turned on here (the browser
 * asks for permission then, once), a switch per kind, an optional sound. Saved in this browser at
 * once. When the browser refuses, it says so and why the inbox and tab title still serve.
 */
export function NotificationSettings() {
  const prefs = useNotificationPrefs();
  const enableId = useId();
  const enable = async (on: boolean) => {
    // Asked once, from the person's own click; a browser that already answered does not ask again.
    // Switched on after the answer, so the notice below reads the browser's final word.
    if (on && notificationPermission() === 'default') await Notification.requestPermission();
    prefs.setEnabled(on);
  };
  return (
    <details className="settings-form__section" data-testid="notifications-section">
      <summary>Notifications{prefs.enabled ? ' · on' : ''}</summary>
      <span className="field__hint">
        The inbox and the tab title count what needs you. Browser notifications also tell you while this tab
        is in the background. Kept in this browser.
      </span>
      <label className="settings-form__check" htmlFor={enableId}>
        <input
          id={enableId}
          type="checkbox"
          checked={prefs.enabled}
          onChange={(event) => void enable(event.target.checked)}
          data-testid="notifications-enabled"
        />
        Show browser notifications
      </label>
      <NotificationNotice />
      <fieldset className="settings-form__checks" disabled={!prefs.enabled}>
        <legend className="field__label">Notify when</legend>
        {(Object.keys(GROUP_LABELS) as NotificationGroup[]).map((group) => (
          <label key={group} className="settings-form__check">
            <input
              type="checkbox"
              checked={prefs.groups[group]}
              onChange={(event) => prefs.setGroup(group, event.target.checked)}
            />
            {GROUP_LABELS[group]}
          </label>
        ))}
        <label className="settings-form__check">
          <input
            type="checkbox"
            checked={prefs.sound}
            onChange={(event) => prefs.setSound(event.target.checked)}
          />
          Play a soft sound with each
        </label>
      </fieldset>
    </details>
  );
}
