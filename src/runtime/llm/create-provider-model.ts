import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LLMConfig } from './llm-config';
import { jsonReplyAsStream } from './json-reply-as-stream';
import type { ProviderModel } from './model-types';
import { normalizeResponsesRequest } from './normalize-responses-request';
import { isOpenAIReasoningModel } from './reasoning-models';
import type { FetchFunction } from './fetch-function';

/**
 * The AI SDK provider model for a config. OpenAI reasoning models (o-series, gpt-5 and later, codex)
 * go through the Responses API, the only OpenAI API that returns reasoning summaries; every other
 * OpenAI model, and every OpenAI-compatible server, through Chat Completions (`.chat`), which is what
 * they all speak. Our history stays stateless either way (see providerCallOptions: `store: false`).
 * Throws only for a config that cannot work (openai-compatible without a base URL), which settings
 * validation should have caught.
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
    case 'openai': {
      const baseURL = config.base_url || undefined;
      if (isOpenAIReasoningModel(config.model)) {
        // The Responses API always streams when asked, so no JSON-to-stream shim here.
        const responsesFetch = normalizeResponsesRequest(baseFetch ?? globalThis.fetch);
        return createOpenAI({ apiKey: config.api_key, baseURL, fetch: responsesFetch }).responses(
          config.model,
        );
      }
      return createOpenAI({ apiKey: config.api_key, baseURL, fetch }).chat(config.model);
    }
    case 'anthropic':
      return createAnthropic({
        apiKey: config.api_key,
        baseURL: config.base_url || undefined,
        fetch: baseFetch,
      })(config.model);
  }
}
