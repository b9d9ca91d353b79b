import type { ConversationRecord } from './event-store';

/** Whether a conversation passes a `parent` filter (see ConversationFilter.parent). */
export function hasParent(
  record: Pick<ConversationRecord, 'parent'>,
  parent: string | null | undefined,
): boolean {
  if (parent === undefined) return true;
  if (parent === null) return record.parent === undefined;
  return record.parent?.conversation_id === parent;
}
