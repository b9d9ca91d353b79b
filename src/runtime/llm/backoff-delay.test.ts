import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff-delay';

const options = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 8000 };

describe('backoffDelay', () => {
  it('doubles each retry, jittered between half and all of the step', () => {
    expect([1, 2, 3].map((retry) => backoffDelay(retry, options, () => 0))).toEqual([500, 1000, 2000]);
    expect([1, 2, 3].map((retry) => backoffDelay(retry, options, () => 0.999999))).toEqual([
      1000, 2000, 4000,
    ]);
  });

  it('never exceeds maxDelayMs, however many retries', () => {
    expect(backoffDelay(20, options, () => 0.999999)).toBe(8000);
  });

  it('waits at least what Retry-After asked, capped at maxDelayMs', () => {
    expect(backoffDelay(1, options, () => 0, 3000)).toBe(3000);
    expect(backoffDelay(1, options, () => 0, 600_000)).toBe(8000);
    expect(backoffDelay(3, options, () => 0, 10)).toBe(2000);
  });
});
