import { describe, expect, it } from 'vitest';
import { PriceOverridesSchema } from './price-overrides';

describe('PriceOverridesSchema', () => {
  const price = { input: 1, cached_input: 0.1, cache_write: 1.25, output: 5 };

  it('accepts four finite prices of at least 0 per model', () => {
    expect(PriceOverridesSchema.parse({ 'my-model': { ...price, input: 0 } })).toEqual({
      'my-model': { ...price, input: 0 },
    });
  });

  it.each([
    ['a negative price', { ...price, output: -1 }],
    [
      'an infinite price (1e999 in JSON)',
      JSON.parse('{"input":1e999,"cached_input":0,"cache_write":0,"output":0}'),
    ],
    ['a price as text', { ...price, input: '1' }],
    ['a missing price', { input: 1, cached_input: 0, output: 1 }],
    ['an unknown field', { ...price, reasoning: 1 }],
  ])('refuses %s', (_name, value) => {
    expect(PriceOverridesSchema.safeParse({ model: value }).success).toBe(false);
  });

  it('refuses a blank model name', () => {
    expect(PriceOverridesSchema.safeParse({ ' ': price }).success).toBe(false);
  });
});
