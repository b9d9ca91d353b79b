import { describe, expect, it } from 'vitest';
import { largeRequestReason, median } from './large-request';

describe('largeRequestReason', () => {
  it('calls a request large from half the window', () => {
    expect(largeRequestReason(64_000, 128_000, [])).toBe('window');
    expect(largeRequestReason(63_999, 128_000, [])).toBeUndefined();
  });

  it('calls a request large at twice the median of the last five, with three at least', () => {
    expect(largeRequestReason(20_000, 1_000_000, [9_000, 10_000, 11_000])).toBe('median');
    expect(largeRequestReason(19_999, 1_000_000, [9_000, 10_000, 11_000])).toBeUndefined();
    expect(largeRequestReason(40_000, 1_000_000, [9_000, 10_000])).toBeUndefined();
    // Only the last five count: an early giant does not hide a jump now.
    expect(
      largeRequestReason(20_000, 1_000_000, [90_000, 90_000, 90_000, 9_000, 9_000, 9_000, 9_000, 9_000]),
    ).toBe('median');
  });

  it('never calls a small request large, however it compares', () => {
    expect(largeRequestReason(7_999, 10_000, [100, 100, 100])).toBeUndefined();
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
