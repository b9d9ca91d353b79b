import { describe, expect, it } from 'vitest';
import { limitNotices } from './limit-notices';

const limits = { maxProcesses: 512, maxMemoryMb: 2048 };

describe('limitNotices', () => {
  it('says nothing when no counter grew', () => {
    const counters = { forkRefusals: 3, memoryKills: 1 };
    expect(limitNotices(counters, counters, limits)).toEqual([]);
  });

  it('names the memory limit when the out-of-memory killer struck', () => {
    const notices = limitNotices(
      { forkRefusals: 0, memoryKills: 0 },
      { forkRefusals: 0, memoryKills: 1 },
      limits,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('A process hit the memory limit (2048 MiB) and was killed.');
  });

  it('names the process limit when forks were refused', () => {
    const notices = limitNotices(
      { forkRefusals: 0, memoryKills: undefined },
      { forkRefusals: 88, memoryKills: undefined },
      limits,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('The command hit the process limit (512 processes): fork failed.');
  });
});
