import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { AttentionItem } from './attention-items';
import { useInboxDialog } from './inbox-dialog-store';
import { itemsToNotify, notificationTag } from './items-to-notify';
import { useNotificationPrefs } from './notification-prefs-store';
import { notificationPermission } from './notification-permission';
import { notificationText } from './notification-text';
import { playChime } from './play-chime';

/**
 * Browser notifications for new inbox items, when the person turned them on, the browser allows them
 * and the page is not in front (in front, the badge and the title say it). A click brings the page
 * forward at the item: an approval opens in the inbox, anything else opens its conversation.
 * Tagged per happening, so two tabs show one notification, not two.
 */
export function useAttentionNotifications(items: readonly AttentionItem[], loaded: boolean): void {
  const { enabled, groups, sound } = useNotificationPrefs();
  const known = useRef<Set<string> | undefined>(undefined);
  const [, navigate] = useLocation();
  const review = useInboxDialog((state) => state.review);

  useEffect(() => {
    if (!loaded) return;
    const next = itemsToNotify(items, known.current, groups);
    known.current = next.known;
    const inFront = document.visibilityState === 'visible' && document.hasFocus();
    if (!enabled || inFront || next.notify.length === 0 || notificationPermission() !== 'granted') return;
    for (const item of next.notify) {
      const notification = new Notification(notificationText(item).title, {
        body: notificationText(item).body,
        tag: notificationTag(item),
      });
      notification.onclick = () => {
        window.focus();
        if (item.kind === 'approval' && item.conversationId) review(item.conversationId);
        else navigate(item.href);
        notification.close();
      };
    }
    if (sound) playChime();
  }, [items, loaded, enabled, groups, sound, navigate, review]);
}
