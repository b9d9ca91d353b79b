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

/** What `later` adds to `earlier` (stats only grow); an unknown cost stays unknown. Pure. */
export function statsSince(later: Stats, earlier: Stats): Stats {
  return {
    prompt_tokens: later.prompt_tokens - earlier.prompt_tokens,
    completion_tokens: later.completion_tokens - earlier.completion_tokens,
    cost: later.cost === null || earlier.cost === null ? null : later.cost - earlier.cost,
    cache_read_tokens: (later.cache_read_tokens ?? 0) - (earlier.cache_read_tokens ?? 0),
    cache_write_tokens: (later.cache_write_tokens ?? 0) - (earlier.cache_write_tokens ?? 0),
  };
}
