import { describe, expect, it } from 'vitest';
import { MIN_CACHED_TOKENS, createPromptCache } from './prompt-cache';

const long = (label: string) => `${label} ${'x'.repeat(MIN_CACHED_TOKENS * 4)}`;
const marked = (text: string) => ({ type: 'text', text, cache_control: { type: 'ephemeral' } });

function anthropic(system: unknown[], messages: unknown[], model = 'claude-test') {
  return { model, max_tokens: 100, system, messages };
}

describe('the mock prompt cache', () => {
  it('anthropic: writes at a breakpoint, then reads that prefix on the next call', () => {
    const cache = createPromptCache();
    const user = { role: 'user', content: 'hi' };
    const first = cache.bill('anthropic', anthropic([marked(long('rules'))], [user]));
    expect(first.cacheRead).toBe(0);
    expect(first.cacheWrite).toBeGreaterThan(MIN_CACHED_TOKENS);
    const second = cache.bill(
      'anthropic',
      anthropic([marked(long('rules'))], [user, { role: 'assistant', content: 'yo' }]),
    );
    expect(second.cacheRead).toBe(first.cacheWrite);
    expect(second.promptTokens).toBeGreaterThan(second.cacheRead);
  });

  it('anthropic: reads nothing without a breakpoint, for another model, or under 1,024 tokens', () => {
    const cache = createPromptCache();
    const plain = anthropic([{ type: 'text', text: long('rules') }], [{ role: 'user', content: 'hi' }]);
    cache.bill('anthropic', plain);
    expect(cache.bill('anthropic', plain).cacheRead).toBe(0);
    const withMarker = anthropic([marked(long('rules'))], [{ role: 'user', content: 'hi' }]);
    cache.bill('anthropic', withMarker);
    expect(cache.bill('anthropic', { ...withMarker, model: 'claude-other' }).cacheRead).toBe(0);
    const short = anthropic([marked('short rules')], [{ role: 'user', content: 'hi' }]);
    expect(cache.bill('anthropic', short).cacheWrite).toBe(0);
    expect(cache.bill('anthropic', short).cacheRead).toBe(0);
  });

  it('openai: reads the longest earlier prefix of 1,024 tokens or more, in steps of 128', () => {
    const cache = createPromptCache();
    const system = { role: 'system', content: long('rules') };
    const first = cache.bill('openai', {
      model: 'gpt-4.1',
      messages: [system, { role: 'user', content: 'a' }],
    });
    expect(first).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    const second = cache.bill('openai', {
      model: 'gpt-4.1',
      messages: [system, { role: 'user', content: 'b' }],
    });
    expect(second.cacheRead).toBeGreaterThanOrEqual(MIN_CACHED_TOKENS);
    expect(second.cacheRead % 128).toBe(0);
    expect(second.cacheRead).toBeLessThan(second.promptTokens);
  });
});
