import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  it('reads seconds, milliseconds (retry-after-ms wins) and HTTP dates', () => {
    expect(retryAfterMs({ 'retry-after': '7' }, 0)).toBe(7000);
    expect(retryAfterMs({ 'Retry-After': '1.5' }, 0)).toBe(1500);
    expect(retryAfterMs({ 'retry-after': '7', 'retry-after-ms': '250' }, 0)).toBe(250);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }, now)).toBe(30_000);
  });

  it('is undefined when absent or unreadable, and never negative for past dates', () => {
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
    expect(retryAfterMs({}, 0)).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': 'soon' }, 0)).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': 'Wed, 01 Jan 2020 00:00:00 GMT' }, Date.now())).toBe(0);
  });
});
