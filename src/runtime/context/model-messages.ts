import type { ChatMessage } from '../llm/llm';
import { eventsToMessages } from './events-to-messages';
import type { View } from './view';

/** How many views back grownMessages looks for one whose messages are known. */
const MAX_LOOK_BACK = 3;

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
  let ordered = grownMessages(view);
  if (!ordered) {
    const messages = eventsToMessages(view.items);
    ordered = Object.freeze([
      ...messages.filter((message) => message.role === 'system'),
      ...messages.filter((message) => message.role !== 'system'),
    ]);
  }
  projected.set(view, ordered);
  return ordered;
}

/**
 * The messages of a view that grew from one whose messages are known (a step's action, then its
 * answer): those, then the appended items' own, without a pass over the branch. Undefined when
 * something could join across the seam: an agent message right before the action (its text merges
 * into the action's), a user message (merged with the one before) or a system message (moved first).
 */
function grownMessages(view: View, depth = 0): readonly ChatMessage[] | undefined {
  const from = view.grownFrom;
  const base = from?.view.deref();
  // The view in between (the step's action, waiting) is seldom asked for: look one or two further back.
  const baseMessages =
    base && (projected.get(base) ?? (depth < MAX_LOOK_BACK ? grownMessages(base, depth + 1) : undefined));
  if (!from || !base || !baseMessages) return undefined;
  if (from.appended.length === 0) return baseMessages;
  const last = base.items.at(-1);
  if (last?.kind === 'MessageEvent' && last.llm_message.role === 'assistant') return undefined;
  const added = eventsToMessages(from.appended);
  if (added[0]?.role !== 'assistant' || added.some((message) => message.role === 'system')) return undefined;
  return Object.freeze([...baseMessages, ...added]);
}
