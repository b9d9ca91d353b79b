import { ApiError } from './describe-api-error';

/** The answers of a runtime that is restarting or unreachable: worth asking again in a moment. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/**
 * True for a failure that goes away by itself: no answer at all (network), or the ingress's 502/503/504
 * while the runtime restarts. A refusal (4xx) or a runtime error (500) would only repeat.
 */
export function isTransientApiError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === undefined || TRANSIENT_STATUSES.has(error.status);
}

/** Backoff before retry number `attempt` (0-based): 0.5 s, 1 s, 2 s, then every 3 s. */
export function transientRetryDelay(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 3_000);
}

/** react-query `retry`: transient failures a few times (with transientRetryDelay), nothing else. */
export function retryTransient(failures: number, error: Error): boolean {
  return isTransientApiError(error) && failures < 5;
}
