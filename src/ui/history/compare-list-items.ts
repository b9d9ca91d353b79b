import type { ConversationListItem, ListSort } from './conversation-list-item';

type Sortable = Pick<ConversationListItem, 'id' | 'created_at' | 'updated_at'>;

/**
 * The runtime's list order (src/runtime/store/conversation-sort.ts): one timestamp, newest first,
 * ties broken by id in the same direction. Negative when `a` comes before `b`.
 */
export function compareListItems(a: Sortable, b: Sortable, sort: ListSort): number {
  const column = sort === 'CREATED_AT_DESC' ? 'created_at' : 'updated_at';
  const difference = millis(b[column]) - millis(a[column]);
  if (difference !== 0) return difference;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/** Timestamps compare as instants: `…:00Z` and `…:00.000Z` are equal. */
function millis(timestamp: string): number {
  const value = Date.parse(timestamp);
  return Number.isNaN(value) ? 0 : value;
}
