import type { ConversationListItem, Page } from './event-store';
import { encodePageId } from './page-cursor';
import { type ConversationRow, conversationRecord } from './sqlite-conversation-row';

/**
 * A page of a sorted conversation list from `limit + 1` rows: the extra row only tells that more
 * follow, and the page id is the position of the last row served (sort column, then id).
 */
export function sortedPage(
  rows: readonly ConversationRow[],
  limit: number,
  column: 'created_ms' | 'updated_ms',
): Page<ConversationListItem> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const next =
    rows.length > limit && last
      ? encodePageId({ t: column === 'created_ms' ? last.created_ms : last.updated_ms, id: last.id })
      : null;
  return { items: pageRows.map(conversationRecord), next_page_id: next };
}
