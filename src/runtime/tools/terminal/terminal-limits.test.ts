import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createTerminalLimits } from './terminal-limits';

describe('createTerminalLimits', () => {
  it('falls back to ulimit without a cgroup, and the wrapped command runs under it', async () => {
    const limits = createTerminalLimits({ maxProcesses: 300, maxMemoryMb: 1024 }, { layout: null });
    expect(limits.mechanism).toBe('ulimit');
    const wrapped = limits.wrap('/bin/sh', ['-c', 'echo "$(ulimit -d) $(ulimit -u)"']);
    const printed = spawnSync(wrapped.file, wrapped.args, { encoding: 'utf8' }).stdout.trim();
    expect(printed).toBe(`${1024 * 1024} 300`);
    expect(limits.read()).toEqual({ forkRefusals: 0, memoryKills: undefined });
    await limits.close();
  });

  it('falls back to ulimit when the cgroup folders cannot be written', () => {
    const limits = createTerminalLimits(
      { maxProcesses: 300, maxMemoryMb: 1024 },
      { layout: { version: 1, pidsBase: '/proc/awb-not-writable', memoryBase: '/proc/awb-not-writable' } },
    );
    expect(limits.mechanism).toBe('ulimit');
  });
});
