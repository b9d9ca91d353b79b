import { describe, expect, it } from 'vitest';
import { decideRestart } from './restart-decision';

describe('decideRestart', () => {
  it('backs off 0.5, 1, 2, 4, 8 s for failures in quick succession, then gives up', () => {
    const failures: number[] = [];
    const delays: number[] = [];
    for (let index = 0; index < 5; index++) {
      const now = 1_000 + index * 3_000;
      const decision = decideRestart(failures, now);
      if (decision.kind !== 'restart') throw new Error(`gave up too early at failure ${index + 1}`);
      delays.push(decision.delayMs);
      failures.push(now);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(decideRestart(failures, 16_000)).toEqual({ kind: 'give-up', failures: 6 });
  });

  it('forgets failures older than a minute', () => {
    const old = [0, 1_000, 2_000, 3_000, 4_000];
    expect(decideRestart(old, 70_000)).toEqual({ kind: 'restart', delayMs: 500 });
    expect(decideRestart([...old, 65_000], 70_000)).toEqual({ kind: 'restart', delayMs: 1000 });
  });
});
