import { describe, expect, it } from 'vitest';
import { EMPTY_STATS } from '../events';
import type { LLMUsage } from '../llm/llm';
import { withUsage } from './add-usage';

const call = (usage: Partial<LLMUsage>): LLMUsage => ({
  prompt_tokens: 1000,
  completion_tokens: 10,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  cost: 0.01,
  ...usage,
});

describe('withUsage', () => {
  it('adds tokens, cache reads and writes, and cost', () => {
    const once = withUsage(EMPTY_STATS, call({ cache_write_tokens: 900 }));
    const twice = withUsage(once, call({ cache_read_tokens: 900, cost: 0.002 }));
    expect(twice).toEqual({
      prompt_tokens: 2000,
      completion_tokens: 20,
      cache_read_tokens: 900,
      cache_write_tokens: 900,
      cost: expect.closeTo(0.012, 9),
    });
  });

  it('reads stats recorded before cache figures existed as none cached', () => {
    const old = { prompt_tokens: 5, completion_tokens: 1, cost: 0.5 };
    expect(withUsage(old, call({ cache_read_tokens: 7 }))).toMatchObject({
      cache_read_tokens: 7,
      cache_write_tokens: 0,
    });
  });

  it('makes the total unknown (null), never a smaller sum, once a call had no known price', () => {
    const unknown = withUsage(withUsage(EMPTY_STATS, call({})), call({ cost: null }));
    expect(unknown.cost).toBeNull();
    expect(withUsage(unknown, call({})).cost).toBeNull();
  });
});
