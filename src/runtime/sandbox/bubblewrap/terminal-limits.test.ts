import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

  it('empty() leaves no process of the group behind, and the group takes a new command at once', async () => {
    const limits = createTerminalLimits({ maxProcesses: 20, maxMemoryMb: 256 });
    if (limits.mechanism === 'ulimit') {
      // This host delegates no cgroup: empty() has nothing to do, and must say nothing.
      await expect(limits.empty()).resolves.toBeUndefined();
      return;
    }
    const tag = `${process.pid}.${Date.now() % 1000}`;
    const flood = limits.wrap('sh', [
      '-c',
      `i=0; while [ $i -lt 40 ]; do sleep ${tag} & i=$((i+1)); done; wait`,
    ]);
    const child = spawn(flood.file, flood.args, { stdio: 'ignore', detached: true });
    child.unref();
    while (sleepers(tag) < 19) await new Promise((resolve) => setTimeout(resolve, 20));
    await limits.empty();
    expect(sleepers(tag)).toBe(0);
    const next = limits.wrap('sh', ['-c', 'sleep 0; echo forked']);
    expect(spawnSync(next.file, next.args, { encoding: 'utf8' }).stdout.trim()).toBe('forked');
    await limits.close();
  });
});

/** Live processes running `sleep <tag>`. */
function sleepers(tag: string): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8') === `sleep\0${tag}\0`) count += 1;
    } catch {
      // ended while we looked
    }
  }
  return count;
}
