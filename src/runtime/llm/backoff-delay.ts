export interface RetryOptions {
  /** Total attempts, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 30_000 };

/**
 * Wait before retry number `retry` (1 for the first retry): capped exponential backoff with "full
 * jitter" (uniform in [half, all] of the step, so retries from many clients spread out but never
 * collapse to zero). A server's Retry-After wins when longer, still capped at `maxDelayMs` so a
 * provider asking for an hour cannot freeze a run. Pure: `random` returns [0, 1).
 */
export function backoffDelay(
  retry: number,
  options: RetryOptions,
  random: () => number,
  retryAfterMs?: number,
): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  const jittered = step / 2 + (random() * step) / 2;
  const wanted = retryAfterMs !== undefined ? Math.max(retryAfterMs, jittered) : jittered;
  return Math.min(options.maxDelayMs, Math.round(wanted));
}
