import type { AttentionItem } from './attention-items';
import { NOTIFICATION_GROUP_OF, type NotificationGroup } from './notification-prefs-store';

/** One notification per happening: the item at this point (a conversation may end again later). */
export function notificationTag(item: AttentionItem): string {
  return `awb:${item.key}@${item.marker}:${item.pendingActionIds.join(',')}`;
}

/**
 * The items to notify about now: those not among the tags already known, in a switched-on group.
 * `known` undefined is the first look: everything present is the baseline, so a reload or a new tab
 * never repeats old news. Returns the tags to know from now on. Pure.
 */
export function itemsToNotify(
  items: readonly AttentionItem[],
  known: ReadonlySet<string> | undefined,
  groups: Readonly<Record<NotificationGroup, boolean>>,
): { notify: AttentionItem[]; known: Set<string> } {
  const tags = new Set(items.map(notificationTag));
  if (known === undefined) return { notify: [], known: tags };
  const notify = items.filter(
    (item) => !known.has(notificationTag(item)) && groups[NOTIFICATION_GROUP_OF[item.kind]],
  );
  return { notify, known: tags };
}
