import type { ConversationSort } from './event-store';

/** How a list sort orders rows: by one timestamp, ties broken by id in the same direction. */
export interface ConversationSortSpec {
  column: 'created_at' | 'updated_at';
  descending: boolean;
}

/** The API default: newest activity first. */
export const DEFAULT_CONVERSATION_SORT: ConversationSort = 'UPDATED_AT_DESC';

export function conversationSortSpec(
  sort: ConversationSort = DEFAULT_CONVERSATION_SORT,
): ConversationSortSpec {
  switch (sort) {
    case 'CREATED_AT':
      return { column: 'created_at', descending: false };
    case 'CREATED_AT_DESC':
      return { column: 'created_at', descending: true };
    case 'UPDATED_AT':
      return { column: 'updated_at', descending: false };
    case 'UPDATED_AT_DESC':
      return { column: 'updated_at', descending: true };
  }
}

/**
 * Timestamps sort as epoch milliseconds, not as strings: `…:00Z` and `…:00.000Z` are the same instant
 * but do not compare equal as text.
 */
export function sortMillis(timestamp: string): number {
  const millis = Date.parse(timestamp);
  return Number.isNaN(millis) ? 0 : millis;
}
