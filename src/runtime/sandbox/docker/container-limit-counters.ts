import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LimitCounters } from '../limit-notices';

const NONE: LimitCounters = { forkRefusals: 0, memoryKills: undefined };

/**
 * The refused forks and out-of-memory kills of the container whose first process has host pid `pid`,
 * read from its cgroups as the terminal's own limits are (cgroup v1 or v2), so the same notices
 * follow a limit hit. Zeros when the daemon is not local or the files cannot be read. Never throws.
 */
export function containerLimitCounters(
  pid: number | undefined,
  cgroupRoot = '/sys/fs/cgroup',
): LimitCounters {
  if (pid === undefined) return NONE;
  const groups = readText(`/proc/${pid}/cgroup`);
  if (groups === undefined) return NONE;
  const pathOf = (controller: string) => {
    const line = groups.split('\n').find((entry) => entry.split(':')[1]?.split(',').includes(controller));
    return line?.split(':').slice(2).join(':');
  };
  const unified = groups.split('\n').find((entry) => entry.startsWith('0::'));
  const pids = pathOf('pids');
  const memory = pathOf('memory');
  if (pids !== undefined && memory !== undefined) {
    return {
      forkRefusals: counter(join(cgroupRoot, 'pids', pids, 'pids.events'), 'max') ?? 0,
      memoryKills: counter(join(cgroupRoot, 'memory', memory, 'memory.oom_control'), 'oom_kill'),
    };
  }
  if (unified !== undefined) {
    const path = join(cgroupRoot, unified.slice(3));
    return {
      forkRefusals: counter(join(path, 'pids.events'), 'max') ?? 0,
      memoryKills: counter(join(path, 'memory.events'), 'oom_kill'),
    };
  }
  return NONE;
}

function counter(path: string, name: string): number | undefined {
  const text = readText(path);
  const match = text === undefined ? null : new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  return match === null ? undefined : Number(match[1]);
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // the container ended, or its cgroups are not visible here (a remote daemon)
    return undefined;
  }
}
