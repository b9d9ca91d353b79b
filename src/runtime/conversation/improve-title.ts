import type { LLM } from '../llm/llm';
import type { RuntimeLogger } from '../logging/runtime-logger';
import type { EventStore } from '../store/event-store';
import { cleanModelTitle } from './conversation-title';

const TITLE_INSTRUCTIONS =
  'Write a title of at most six words for a conversation that starts with the message below. Answer with the title only.';

/**
 * One cheap model call proposing a better title. Runs in the background and never fails loudly: a
 * missing model or a failed call keeps the title taken from the message. A title the person chose
 * (title_source 'user'), or one set while the call was in flight, is never overwritten.
 */
export async function improveTitle(
  store: EventStore,
  conversationId: string,
  firstMessage: string,
  llm: LLM,
  options: {
    signal?: AbortSignal;
    /** Masks secrets in the model's answer before it is cut to length (a cut secret no longer matches). */
    redact?: (text: string) => string;
    logger?: RuntimeLogger;
    /** The title the answer may replace (taken from the first message); any other title stays. */
    replaces: string;
    /** Settles once `replaces` is stored: the answer is checked against the store after that. */
    stored?: Promise<unknown>;
  },
): Promise<void> {
  const { signal, redact = (text: string) => text, logger, replaces } = options;
  try {
    const response = await llm.complete({
      messages: [
        { role: 'system', content: TITLE_INSTRUCTIONS },
        { role: 'user', content: [{ type: 'text', text: firstMessage.slice(0, 2_000) }] },
      ],
      tools: [],
      maxOutputTokens: 24,
      purpose: 'title',
      ...(signal ? { signal } : {}),
    });
    const title = cleanModelTitle(redact(response.text));
    await options.stored;
    const now = await store.getConversation(conversationId);
    if (!title || !now || now.title_source !== 'auto' || now.title !== replaces) return;
    await store.updateConversation(conversationId, { title, title_source: 'model' }, { touch: false });
  } catch (error) {
    // The title from the first message stays; a title is not worth bothering the person about.
    logger?.warn('title not improved', { conversation_id: conversationId, error });
  }
}
