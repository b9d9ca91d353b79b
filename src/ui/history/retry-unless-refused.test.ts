import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/describe-api-error';
import { retryUnlessRefused } from './retry-unless-refused';

describe('retryUnlessRefused', () => {
  it('does not retry a refusal such as a 422', () => {
    expect(retryUnlessRefused(0, new ApiError('too long', 422))).toBe(false);
  });

  it('retries a server error or a network failure once', () => {
    expect(retryUnlessRefused(0, new ApiError('boom', 500))).toBe(true);
    expect(retryUnlessRefused(0, new ApiError('offline', undefined))).toBe(true);
    expect(retryUnlessRefused(1, new ApiError('boom', 500))).toBe(false);
  });
});
