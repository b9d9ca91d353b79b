import { describe, expect, it } from 'vitest';
import type { ModelUsage } from './model-types';
import { priceOf, usageCost } from './usage-cost';

function usage(
  input: Partial<ModelUsage['inputTokens']>,
  output: number,
  raw?: ModelUsage['raw'],
): ModelUsage {
  return {
    inputTokens: {
      total: undefined,
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
      ...input,
    },
    outputTokens: { total: output, text: undefined, reasoning: undefined },
    raw,
  };
}

describe('usageCost', () => {
  it('prices input and output per million tokens', () => {
    expect(usageCost('gpt-4o', usage({ total: 1_000_000 }, 1_000_000))).toBeCloseTo(12.5, 6);
  });

  it('prices cached reads and cache writes at their own rates', () => {
    const cost = usageCost(
      'claude-sonnet-4-5',
      usage({ total: 3_000_000, noCache: 1_000_000, cacheRead: 1_000_000, cacheWrite: 1_000_000 }, 0),
    );
    expect(cost).toBeCloseTo(3 + 0.3 + 3.75, 6);
  });

  it("takes the provider's own reported cost over the table", () => {
    expect(usageCost('openai/gpt-4o', usage({ total: 10 }, 10, { cost: 0.0042 }))).toBe(0.0042);
  });

  it('prices OpenAI cached input at its own rate and derives fresh input from the total', () => {
    const cost = usageCost('gpt-4.1', usage({ total: 2_000_000, cacheRead: 1_500_000 }, 0));
    expect(cost).toBeCloseTo(0.5 * 2 + 1.5 * 0.5, 6);
  });

  it('is unknown (null), never 0, for unknown models and missing usage', () => {
    expect(usageCost('llama3.1:8b', usage({ total: 1000 }, 1000))).toBeNull();
    expect(usageCost('gpt-4o', undefined)).toBeNull();
  });

  it('has a cache read and a cache write price for every model in the table', () => {
    for (const model of ['gpt-4o', 'gpt-5', 'o3', 'claude-sonnet-4-5', 'claude-haiku-4-5']) {
      const price = priceOf(model);
      expect(price?.cacheRead).toBeLessThan(price?.input ?? 0);
      expect(price?.cacheWrite).toBeGreaterThanOrEqual(price?.input ?? Number.POSITIVE_INFINITY);
    }
  });
});

describe('priceOf', () => {
  it('matches dated snapshots, -latest aliases and vendor prefixes, preferring the exact entry', () => {
    expect(priceOf('gpt-4o-2024-08-06')).toEqual(priceOf('gpt-4o'));
    expect(priceOf('claude-sonnet-4-5-20250929')).toEqual(priceOf('claude-sonnet-4-5'));
    expect(priceOf('claude-3-5-haiku-latest')).toBeDefined();
    expect(priceOf('openai/gpt-4o-mini')?.input).toBe(0.15);
  });

  it('does not price a newer version with an older entry', () => {
    expect(priceOf('claude-opus-4-6')).toBeUndefined();
    expect(priceOf('gpt-4o-mini-tts')).toBeUndefined();
  });
});

describe('price overrides from settings', () => {
  const local = { input: 1, cached_input: 0.5, cache_write: 2, output: 4 };

  it('prices a model the table lacks, instead of unknown', () => {
    expect(usageCost('qwen3-coder', usage({ total: 1_000_000 }, 0))).toBeNull();
    expect(usageCost('qwen3-coder', usage({ total: 1_000_000 }, 1_000_000), { 'qwen3-coder': local })).toBe(
      5,
    );
  });

  it('comes before the built-in table, each token kind at its own price', () => {
    const cost = usageCost(
      'openai/gpt-4o',
      usage({ total: 3_000_000, noCache: 1_000_000, cacheRead: 1_000_000, cacheWrite: 1_000_000 }, 0),
      { 'GPT-4o': local },
    );
    expect(cost).toBeCloseTo(1 + 0.5 + 2, 6);
  });

  it("yields to the provider's own reported cost", () => {
    expect(usageCost('gpt-4o', usage({ total: 10 }, 10, { cost: 0.0042 }), { 'gpt-4o': local })).toBe(0.0042);
  });

  it('never finds an inherited property for a hostile model name', () => {
    expect(priceOf('__proto__', {})).toBeUndefined();
    expect(priceOf('constructor', { other: local })).toBeUndefined();
  });
});
