import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTerminalLimits } from './terminal-limits';

describe('createTerminalLimits', () => {
  it('falls back to ulimit without a cgroup, and the wrapped command runs under it', async () => {
    const limits = createTerminalLimits({ maxProcesses: 300, maxMemoryMb: 1024 }, { layout: null });
    expect(limits.mechanism).toBe('ulimit');
    const wrapped = limits.wrap('bash', ['-c', 'echo "$(ulimit -d) $(ulimit -u)"']);
    const printed = spawnSync(wrapped.file, wrapped.args, { encoding: 'utf8' }).stdout.trim();
    expect(printed).toBe(`${1024 * 1024} 300`);
    expect(limits.read()).toEqual({ forkRefusals: 0, memoryKills: undefined });
    await limits.close();
  });

  it('falls back to ulimit when the cgroup folders cannot be made', async () => {
    const root = await mkdtemp(join(tmpdir(), 'awb-limits-test-'));
    // A file where the cgroup folder should be: mkdir fails as it would on a read-only cgroup mount.
    const notAFolder = join(root, 'not-a-folder');
    await writeFile(notAFolder, '');
    try {
      const limits = createTerminalLimits(
        { maxProcesses: 300, maxMemoryMb: 1024 },
        { layout: { version: 1, pidsBase: notAFolder, memoryBase: notAFolder } },
      );
      expect(limits.mechanism).toBe('ulimit');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
