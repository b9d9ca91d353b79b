import { describe, expect, it } from 'vitest';
import { runQueueLabel, runQueueShortLabel } from './run-queue-label';

describe('run queue labels', () => {
  it('say next for the first place and the place otherwise', () => {
    expect(runQueueLabel({ position: 1 })).toBe('Queued, next to start');
    expect(runQueueLabel({ position: 3 })).toBe('Queued, 3 in line');
    expect(runQueueShortLabel({ position: 1 })).toBe('queued');
    expect(runQueueShortLabel({ position: 2 })).toBe('queued · 2');
  });
});
