import type { ConversationListItem, ConversationPage } from './conversation-list-item';

export type SidebarRow =
  | { type: 'heading'; key: string; label: string }
  | { type: 'conversation'; key: string; conversation: ConversationListItem }
  | { type: 'more'; key: string };

/** Fixed heights keep the virtual list exact (no measuring) and scrolling smooth at 10,000 rows. */
export const ROW_HEIGHT: Record<SidebarRow['type'], number> = { heading: 30, conversation: 34, more: 34 };

/**
 * The flat row list the virtual sidebar renders: the pinned section (when any), then every other
 * conversation once, in page order, then a "loading more" row while pages remain. Pages fetched at
 * different moments can overlap while conversations move; a conversation is shown at its first place.
 */
export function sidebarRows(
  pinned: readonly ConversationPage[],
  pages: readonly ConversationPage[],
  hasMore: boolean,
): SidebarRow[] {
  const rows: SidebarRow[] = [];
  const seen = new Set<string>();
  const pinnedItems = pinned.flatMap((page) => page.items).filter((item) => item.pinned);
  if (pinnedItems.length > 0) {
    rows.push({ type: 'heading', key: 'heading:pinned', label: 'Pinned' });
    for (const conversation of pinnedItems) pushOnce(rows, seen, conversation);
  }
  const headingIndex = rows.length;
  for (const page of pages) for (const conversation of page.items) pushOnce(rows, seen, conversation);
  if (pinnedItems.length > 0 && rows.length > headingIndex) {
    rows.splice(headingIndex, 0, { type: 'heading', key: 'heading:all', label: 'Recent' });
  }
  if (hasMore) rows.push({ type: 'more', key: 'more' });
  return rows;
}

function pushOnce(rows: SidebarRow[], seen: Set<string>, conversation: ConversationListItem): void {
  if (seen.has(conversation.id)) return;
  seen.add(conversation.id);
  rows.push({ type: 'conversation', key: conversation.id, conversation });
}
