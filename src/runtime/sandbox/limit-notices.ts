/** How often a terminal's cgroup refused a fork or killed a process for memory, as read from its event files. */
export interface LimitCounters {
  forkRefusals: number;
  /** Processes killed by the out-of-memory killer; undefined when the kernel does not count them. */
  memoryKills: number | undefined;
}

/** How a backend holds its shells to their limits: the container is Docker's; the rest are bubblewrap's. */
export type LimitMechanism = 'cgroup v2' | 'cgroup v1' | 'ulimit' | 'the container';

export interface TerminalLimitSettings {
  maxProcesses: number;
  maxMemoryMb: number;
}

export const DEFAULT_TERMINAL_LIMITS: TerminalLimitSettings = { maxProcesses: 512, maxMemoryMb: 2048 };

/** What the model should learn about limits hit between two readings (none when nothing grew). */
export function limitNotices(
  before: LimitCounters,
  after: LimitCounters,
  limits: TerminalLimitSettings,
): string[] {
  const notices: string[] = [];
  if ((after.memoryKills ?? 0) > (before.memoryKills ?? 0)) {
    notices.push(
      `A process hit the memory limit (${limits.maxMemoryMb} MiB) and was killed. Use less memory (smaller inputs, fewer parallel jobs).`,
    );
  }
  if (after.forkRefusals > before.forkRefusals) {
    notices.push(
      `The command hit the process limit (${limits.maxProcesses} processes): fork failed. Stop background processes you no longer need.`,
    );
  }
  return notices;
}
