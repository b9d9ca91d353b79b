import type { ConversationErrorEvent, Event } from '../api/wire-types';

/** The last conversation error not yet followed by a user message (a new message starts afresh). */
export function latestConversationError(events: readonly Event[]): ConversationErrorEvent | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (!event) continue;
    if (event.kind === 'ConversationErrorEvent') return event;
    if (event.kind === 'MessageEvent' && event.source === 'user') return undefined;
  }
  return undefined;
}
