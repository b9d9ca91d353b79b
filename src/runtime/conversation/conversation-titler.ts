import type { RuntimeLogger } from '../logging/runtime-logger';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import type { EventStore } from '../store/event-store';
import type { ConversationRegistry } from './conversation-registry';
import type { ConversationServiceDeps } from './conversation-service-deps';
import { DEFAULT_TITLE, titleFromMessage } from './conversation-title';
import { improveTitle } from './improve-title';
import { resolveLLMConfig } from './resolve-llm-config';

export interface ConversationTitler {
  /** The conversation's first message arrived: titles it from it, in the background. */
  title(id: string, rawText: string): void;
  /** Stops the title model calls (the service closes). */
  abort(): void;
  /** Settles when every title being stored is (never rejects). */
  settled(): Promise<void>;
}

/**
 * Titles a conversation from its first message, in the background (tracked for close). Decided on the
 * loaded conversation's row as the log holds it, so the title model call starts at once, before the
 * run's first model call.
 */
export function createConversationTitler(ports: {
  deps: Pick<ConversationServiceDeps, 'settings' | 'createLLM'>;
  store: EventStore;
  secrets: SecretRegistry;
  registry: () => Pick<ConversationRegistry, 'loaded' | 'resourcesOf'>;
  logger: RuntimeLogger;
  /** Improve the title with one cheap model call. */
  modelTitles: boolean;
}): ConversationTitler {
  const { deps, store, secrets, logger } = ports;
  const titleCalls = new Set<Promise<void>>();
  const titleAbort = new AbortController();
  return {
    title(id, rawText) {
      const registry = ports.registry();
      // The message was stored redacted; the title and the title model call must not see more.
      const text = secrets.redact(rawText, id);
      const record = registry.loaded(id)?.log.record();
      const title = titleFromMessage(text);
      if (!record || !title || record.title_source !== 'auto' || record.title !== DEFAULT_TITLE) return;
      const stored = store
        .updateConversation(id, { title }, { touch: false })
        .then(() => registry.loaded(id)?.log.refresh());
      const config = ports.modelTitles
        ? resolveLLMConfig(record, deps.settings(), registry.resourcesOf(id).apiKey)
        : null;
      const improved = config
        ? improveTitle(store, id, text, deps.createLLM(config), {
            signal: titleAbort.signal,
            redact: (answer) => secrets.redact(answer, id),
            logger,
            replaces: title,
            stored,
          }).then(() => registry.loaded(id)?.log.refresh())
        : undefined;
      const call = Promise.all([stored, improved])
        .then(() => undefined)
        .catch((error: unknown) => logger.warn('title not set', { conversation_id: id, error }))
        .finally(() => titleCalls.delete(call));
      titleCalls.add(call);
    },
    abort: () => titleAbort.abort(),
    async settled() {
      await Promise.allSettled([...titleCalls]);
    },
  };
}
