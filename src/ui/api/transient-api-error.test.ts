import { describe, expect, it } from 'vitest';
import { ApiError } from './describe-api-error';
import { isTransientApiError, retryTransient, transientRetryDelay } from './transient-api-error';

describe('isTransientApiError', () => {
  it('is true for no answer and for the ingress’s 502/503/504 while the runtime restarts', () => {
    expect(isTransientApiError(new ApiError('Could not reach the runtime', undefined))).toBe(true);
    for (const status of [502, 503, 504]) expect(isTransientApiError(new ApiError('x', status))).toBe(true);
  });

  it('is false for what a retry would only repeat', () => {
    for (const status of [400, 401, 404, 409, 422, 500])
      expect(isTransientApiError(new ApiError('x', status))).toBe(false);
    expect(isTransientApiError(new Error('bug'))).toBe(false);
  });
});

describe('retryTransient and transientRetryDelay', () => {
  it('retries a transient failure a few times, with a growing delay capped at 3 s', () => {
    expect(retryTransient(0, new ApiError('x', 502))).toBe(true);
    expect(retryTransient(5, new ApiError('x', 502))).toBe(false);
    expect(retryTransient(0, new ApiError('x', 404))).toBe(false);
    expect([0, 1, 2, 3, 10].map(transientRetryDelay)).toEqual([500, 1_000, 2_000, 3_000, 3_000]);
  });
});
