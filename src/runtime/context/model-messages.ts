import type { ChatMessage } from '../llm/llm';
import { eventsToMessages } from './events-to-messages';
import type { View } from './view';

/** Each view's messages, made once: a step asks for them to size the prompt, then to send it. */
const projected = new WeakMap<View, readonly ChatMessage[]>();

/**
 * The messages a model call sends for a view: its projection, with the system prompt first even when
 * it was recorded after the first messages (a conversation navigated to an empty branch). Views are
 * immutable, so the same view gives the same (frozen) list.
 */
export function modelMessages(view: View): readonly ChatMessage[] {
  const known = projected.get(view);
  if (known) return known;
  const messages = eventsToMessages(view.items);
  const ordered = Object.freeze([
    ...messages.filter((message) => message.role === 'system'),
    ...messages.filter((message) => message.role !== 'system'),
  ]);
  projected.set(view, ordered);
  return ordered;
}
