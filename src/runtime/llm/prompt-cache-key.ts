import { createHash } from 'node:crypto';
import type { LLMProvider } from '../events';
import type { ProviderCallOptions } from './provider-call-options';

type ProviderOptions = NonNullable<ProviderCallOptions['providerOptions']>;

/**
 * The provider options that send a conversation's prompt cache key: OpenAI's `promptCacheKey` (Chat
 * Completions and Responses), the raw `prompt_cache_key` body field for an OpenAI-compatible server
 * (which may refuse it: the adapter then sends the request again without it), nothing for Anthropic,
 * whose cache needs no key. The key is a hash of the caller's, so no local id reaches the provider.
 * Pure.
 */
export function promptCacheKeyOptions(
  provider: LLMProvider,
  cacheKey: string | undefined,
): ProviderOptions | undefined {
  if (!cacheKey) return undefined;
  const key = `awb-${createHash('sha256').update(cacheKey).digest('hex').slice(0, 32)}`;
  if (provider === 'openai') return { openai: { promptCacheKey: key } };
  if (provider === 'openai-compatible') return { 'openai-compatible': { prompt_cache_key: key } };
  return undefined;
}

/** Both sets of provider options, merged one provider deep (the second wins a shared field). */
export function mergeProviderOptions(
  first: ProviderOptions | undefined,
  second: ProviderOptions | undefined,
): ProviderOptions | undefined {
  if (!first || !second) return first ?? second;
  const merged: ProviderOptions = { ...first };
  for (const [provider, options] of Object.entries(second)) {
    merged[provider] = { ...first[provider], ...options };
  }
  return merged;
}
