/** Why a request counts as unusually large, or undefined when it does not. */
export type LargeRequestReason = 'window' | 'median';

/** Of the model's context window, the share from which a request is large on its own. */
export const LARGE_WINDOW_SHARE = 0.5;
/** How many times the median of the recent requests a request must be to stand out. */
export const LARGE_MEDIAN_FACTOR = 2;
/** How many of the run's latest requests make the median, and the fewest that may. */
export const RECENT_REQUESTS = 5;
export const MIN_RECENT_REQUESTS = 3;
/** Below this a request is never called large, however it compares: small prompts jump in size. */
export const LARGE_REQUEST_FLOOR = 8_000;

/**
 * The rule: a request of at least LARGE_REQUEST_FLOOR estimated tokens is unusually large when it
 * fills half the model's context window or more, or when it is at least twice the median of the
 * run's last five requests (with three at least to compare). Pure.
 */
export function largeRequestReason(
  tokens: number,
  window: number,
  recent: readonly number[],
): LargeRequestReason | undefined {
  if (tokens < LARGE_REQUEST_FLOOR) return undefined;
  if (tokens >= window * LARGE_WINDOW_SHARE) return 'window';
  const last = recent.slice(-RECENT_REQUESTS);
  if (last.length < MIN_RECENT_REQUESTS) return undefined;
  return tokens >= median(last) * LARGE_MEDIAN_FACTOR ? 'median' : undefined;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
