import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LLMConfig } from '../conversation/conversation-service-deps';
import { jsonReplyAsStream } from './json-reply-as-stream';
import type { ProviderModel } from './model-types';

export type FetchFunction = typeof globalThis.fetch;

/**
 * The AI SDK provider model for a config. OpenAI goes through Chat Completions (`.chat`), not the
 * Responses API: our history is stateless chat messages, and Chat Completions is what every
 * OpenAI-compatible server (and the mock) speaks. Throws only for a config that cannot work
 * (openai-compatible without a base URL), which settings validation should have caught.
 */
export function createProviderModel(config: LLMConfig, baseFetch?: FetchFunction): ProviderModel {
  // Chat Completions servers that ignore `stream: true` still work (Anthropic always streams).
  const fetch = jsonReplyAsStream(baseFetch ?? globalThis.fetch);
  switch (config.provider) {
    case 'openai-compatible': {
      if (!config.base_url) throw new Error('openai-compatible needs a base_url');
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.base_url,
        apiKey: config.api_key || undefined,
        includeUsage: true,
        fetch,
      }).chatModel(config.model);
    }
    case 'openai':
      return createOpenAI({ apiKey: config.api_key, baseURL: config.base_url || undefined, fetch }).chat(
        config.model,
      );
    case 'anthropic':
      return createAnthropic({
        apiKey: config.api_key,
        baseURL: config.base_url || undefined,
        fetch: baseFetch,
      })(config.model);
  }
}
