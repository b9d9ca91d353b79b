import type { Stats } from '../events';

/** Two stats added up; an unknown cost on either side makes the sum unknown. Pure. */
export function sumStats(a: Stats, b: Stats): Stats {
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    cost: a.cost === null || b.cost === null ? null : a.cost + b.cost,
    cache_read_tokens: (a.cache_read_tokens ?? 0) + (b.cache_read_tokens ?? 0),
    cache_write_tokens: (a.cache_write_tokens ?? 0) + (b.cache_write_tokens ?? 0),
  };
}
