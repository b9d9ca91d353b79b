import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('starts at 1 s and doubles up to the 30 s cap when jitter is neutral', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, () => 0.5));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('spreads each delay by at most 20 % and never past the cap', () => {
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 0.999999)).toBe(1200);
    expect(reconnectDelay(8, () => 0.999999)).toBe(30000);
    expect(reconnectDelay(8, () => 0)).toBe(24000);
  });
});
