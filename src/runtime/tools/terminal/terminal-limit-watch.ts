import type { LimitCounters, LimitMechanism, TerminalLimitSettings } from '../../sandbox/limit-notices';
import { limitNotices } from '../../sandbox/limit-notices';
import type { SandboxBackend, SandboxLimits } from '../../sandbox/sandbox-backend';

/** A terminal's view of its sandbox's process and memory limits: set up with the first shell. */
export interface TerminalLimitWatch {
  /** Sets the limits up once (and notes them for the next result); returns them. */
  ensure(): SandboxLimits;
  /** Notices for limits hit since the last reading (a command, or a background process since). */
  noticesSinceLastRead(): string[];
  /** The limits in plain words, handed out once, with the first result after they were set up. */
  takeToShow(): string | undefined;
  readonly mechanism: LimitMechanism | undefined;
  /** Empties the limits' group (a reset shell's background jobs); nothing before they were set up. */
  empty(): Promise<void>;
}

export function createTerminalLimitWatch(
  backend: SandboxBackend,
  settings: TerminalLimitSettings,
): TerminalLimitWatch {
  let limits: SandboxLimits | undefined;
  let counters: LimitCounters | undefined;
  let toShow: string | undefined;
  return {
    ensure() {
      if (limits === undefined) {
        limits = backend.limits();
        counters = limits.read();
        toShow = `${settings.maxProcesses} processes, ${settings.maxMemoryMb} MiB of memory (enforced by ${limits.mechanism})`;
      }
      return limits;
    },
    noticesSinceLastRead() {
      if (limits === undefined || counters === undefined) return [];
      const now = limits.read();
      const found = limitNotices(counters, now, settings);
      counters = now;
      return found;
    },
    takeToShow() {
      const shown = toShow;
      toShow = undefined;
      return shown;
    },
    get mechanism() {
      return limits?.mechanism;
    },
    async empty() {
      await limits?.empty();
    },
  };
}
