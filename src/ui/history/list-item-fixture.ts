import { conversationInfo } from '../conversation-store/testing/event-builders';
import type { ConversationListItem } from './conversation-list-item';

/** A complete list row for unit tests; `minute` orders rows (a higher minute is newer activity). */
export function listItem(
  id: string,
  minute: number,
  overrides: Partial<ConversationListItem> = {},
): ConversationListItem {
  const at = new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();
  const row = { id, title: `Conversation ${id}`, created_at: at, updated_at: at, last_seq: 0 };
  return { ...conversationInfo({ ...row, execution_status: 'finished' }), ...overrides };
}
