import type { ChatMessage } from '../llm/llm';
import { eventsToMessages } from './events-to-messages';
import type { View } from './view';

/**
 * The messages a model call sends for a view: its projection, with the system prompt first even when
 * it was recorded after the first messages (a conversation navigated to an empty branch).
 */
export function modelMessages(view: View): ChatMessage[] {
  const messages = eventsToMessages(view.items);
  return [
    ...messages.filter((message) => message.role === 'system'),
    ...messages.filter((message) => message.role !== 'system'),
  ];
}
