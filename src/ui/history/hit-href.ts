import type { ConversationListItem } from './conversation-list-item';

/**
 * Where a search hit opens: the conversation, at the matching event when the hit was in a message
 * (`?event=` is read by useScrollToEvent); a title-only match opens it at its latest events.
 */
export function hitHref(item: Pick<ConversationListItem, 'id' | 'match'>): string {
  const base = `/conversations/${encodeURIComponent(item.id)}`;
  const eventId = item.match?.event_id;
  return eventId ? `${base}?event=${encodeURIComponent(eventId)}` : base;
}
