import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CgroupLayout, cgroupLayout } from './cgroup-layout';
import type { LimitCounters, LimitMechanism, TerminalLimitSettings } from '../limit-notices';

/**
 * The process and memory limits of one terminal. With a cgroup, the shell enters its group before
 * bwrap runs (so nothing in the sandbox starts outside it), the kernel counts refused forks and
 * out-of-memory kills, and `close` kills whatever is left. Without one, `ulimit` is the fallback:
 * -u does not bind root, -d caps each process's data, and there are no counters.
 */
export interface TerminalLimits {
  readonly mechanism: LimitMechanism;
  /** The command line that starts `file args` inside the limits. */
  wrap(file: string, args: readonly string[]): { file: string; args: string[] };
  /** Current counters; zeros when there are none. Never throws. */
  read(): LimitCounters;
  /**
   * Kills everything still in the group and waits, at most `limitMs`, until the kernel has reaped it,
   * so a new shell in the same group is not refused its first fork by a flood the old one left.
   * Never throws; without a cgroup there is nothing to empty.
   */
  empty(limitMs?: number): Promise<void>;
  /** Kills what is left in the group and removes it. Never throws; safe to call twice. */
  close(): Promise<void>;
}

export interface TerminalLimitsOptions {
  /** Default: read from /proc/self; null forces the ulimit fallback. */
  layout?: CgroupLayout | null;
  /** Names the terminal's group; default random. */
  terminalId?: string;
}

/** Tried in this order, each as a child `agent-workbench-<runtime pid>/<terminal id>` of the runtime's cgroup. */
export function createTerminalLimits(
  settings: TerminalLimitSettings,
  options: TerminalLimitsOptions = {},
): TerminalLimits {
  const layout = options.layout === undefined ? detectLayout() : options.layout;
  const terminalId = options.terminalId ?? randomBytes(6).toString('hex');
  if (layout !== null && layout !== undefined) {
    try {
      return cgroupLimits(settings, layout, terminalId);
    } catch {
      // not writable here (no delegation, read-only /sys/fs/cgroup): fall back to ulimit
    }
  }
  return ulimitLimits(settings);
}

function detectLayout(): CgroupLayout | undefined {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  };
  return cgroupLayout(read('/proc/self/mounts') ?? '', read('/proc/self/cgroup') ?? '', (directory) =>
    read(join(directory, 'cgroup.subtree_control')),
  );
}

function cgroupLimits(
  settings: TerminalLimitSettings,
  layout: CgroupLayout,
  terminalId: string,
): TerminalLimits {
  const parentName = `agent-workbench-${process.pid}`;
  const memoryBytes = String(settings.maxMemoryMb * 1024 * 1024);
  const groups: string[] = [];
  const makeGroup = (base: string, enable?: string) => {
    removeStaleGroups(base);
    const parent = join(base, parentName);
    mkdirSync(parent, { recursive: true });
    if (enable !== undefined) writeFileSync(join(parent, 'cgroup.subtree_control'), enable);
    const group = join(parent, terminalId);
    mkdirSync(group);
    groups.push(group);
    return group;
  };
  let counters: () => LimitCounters;
  let pidsCurrent: () => number | undefined = () => undefined;
  try {
    if (layout.version === 2) {
      const group = makeGroup(layout.base, '+pids +memory');
      writeFileSync(join(group, 'pids.max'), String(settings.maxProcesses));
      writeFileSync(join(group, 'memory.max'), memoryBytes);
      writeOptional(join(group, 'memory.swap.max'), '0');
      pidsCurrent = () => readNumber(join(group, 'pids.current'));
      counters = () => ({
        forkRefusals: counter(join(group, 'pids.events'), 'max') ?? 0,
        memoryKills: counter(join(group, 'memory.events'), 'oom_kill'),
      });
    } else {
      const pidsGroup = makeGroup(layout.pidsBase);
      writeFileSync(join(pidsGroup, 'pids.max'), String(settings.maxProcesses));
      const memoryGroup = makeGroup(layout.memoryBase);
      writeFileSync(join(memoryGroup, 'memory.limit_in_bytes'), memoryBytes);
      // Memory plus swap: without it, a process past the limit swaps instead of being stopped.
      writeOptional(join(memoryGroup, 'memory.memsw.limit_in_bytes'), memoryBytes);
      pidsCurrent = () => readNumber(join(pidsGroup, 'pids.current'));
      counters = () => ({
        forkRefusals: counter(join(pidsGroup, 'pids.events'), 'max') ?? 0,
        memoryKills: counter(join(memoryGroup, 'memory.oom_control'), 'oom_kill'),
      });
    }
  } catch (error) {
    for (const group of groups.reverse()) removeGroup(group);
    throw error;
  }
  let closed = false;
  return {
    mechanism: layout.version === 2 ? 'cgroup v2' : 'cgroup v1',
    wrap: (file, args) => ({
      file: '/bin/sh',
      // Join every group first, then exec: the shell and all it starts are counted from the start.
      args: [
        '-c',
        'for group do [ "$group" = -- ] && break; echo $$ > "$group" || exit 125; shift; done; shift; exec "$@"',
        'awb-limits',
        ...groups.map((group) => join(group, 'cgroup.procs')),
        '--',
        file,
        ...args,
      ],
    }),
    read: () => {
      try {
        return counters();
      } catch {
        return { forkRefusals: 0, memoryKills: undefined };
      }
    },
    async empty(limitMs = 10_000) {
      const deadline = Date.now() + limitMs;
      for (;;) {
        let left = 0;
        for (const group of groups) {
          const pids = processesIn(group);
          for (const pid of pids) killQuietly(pid);
          left += pids.length;
        }
        // Killed processes are listed until reaped; pids.current counts them too.
        if (left === 0 && (pidsCurrent() ?? 0) === 0) return;
        if (Date.now() >= deadline) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const group of groups) await emptyAndRemove(group);
    },
  };
}

function ulimitLimits(settings: TerminalLimitSettings): TerminalLimits {
  return {
    mechanism: 'ulimit',
    wrap: (file, args) => ({
      // bash, not sh: dash has no `ulimit -u`.
      file: 'bash',
      args: [
        '--norc',
        '--noprofile',
        '-c',
        'ulimit -u "$1" 2>/dev/null; ulimit -d "$2" 2>/dev/null; shift 2; exec "$@"',
        'awb-limits',
        String(settings.maxProcesses),
        String(settings.maxMemoryMb * 1024),
        file,
        ...args,
      ],
    }),
    read: () => ({ forkRefusals: 0, memoryKills: undefined }),
    empty: async () => undefined,
    close: async () => undefined,
  };
}

/** A file holding one number (pids.current); undefined when unreadable. */
function readNumber(path: string): number | undefined {
  try {
    const value = Number(readFileSync(path, 'utf8').trim());
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The number after `name` in a flat "key value" file; undefined when absent. */
function counter(path: string, name: string): number | undefined {
  const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(readFileSync(path, 'utf8'));
  return match === null ? undefined : Number(match[1]);
}

function writeOptional(path: string, value: string): void {
  if (!existsSync(path)) return;
  try {
    writeFileSync(path, value);
  } catch {
    // the kernel may refuse (swap accounting off): the memory limit alone still applies
  }
}

/** SIGKILL what is left (a group cannot be removed while it holds processes), then rmdir, retried briefly. */
async function emptyAndRemove(group: string): Promise<void> {
  for (let attempt = 0; attempt < 80; attempt++) {
    for (const pid of processesIn(group)) killQuietly(pid);
    if (removeGroup(group)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function processesIn(group: string): number[] {
  try {
    return readFileSync(join(group, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map(Number);
  } catch {
    return [];
  }
}

/** rmdir the group, then its parent when no other terminal uses it. True when the group is gone. */
function removeGroup(group: string): boolean {
  try {
    rmdirSync(group);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
  }
  try {
    rmdirSync(join(group, '..'));
  } catch {
    // another terminal of this runtime still has its group there
  }
  return true;
}

/**
 * Groups left by a runtime that died before closing its terminals (a crash, SIGKILL): their
 * processes are killed and the groups removed, so they neither pile up nor keep running.
 */
function removeStaleGroups(base: string): void {
  let entries: string[];
  try {
    entries = readdirSync(base);
  } catch {
    return;
  }
  for (const entry of entries) {
    const match = /^agent-workbench-(\d+)$/.exec(entry);
    if (match === null || processAlive(Number(match[1]))) continue;
    const parent = join(base, entry);
    let children: string[] = [];
    try {
      children = readdirSync(parent, { withFileTypes: true })
        .filter((child) => child.isDirectory())
        .map((child) => child.name);
    } catch {
      continue;
    }
    for (const child of children) {
      for (const pid of processesIn(join(parent, child))) killQuietly(pid);
      removeGroup(join(parent, child));
    }
    try {
      rmdirSync(parent);
    } catch {
      // still busy; the next sweep tries again
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
