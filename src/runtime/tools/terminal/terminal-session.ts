import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BubblewrapBackendOptions,
  createBubblewrapBackend,
} from '../../sandbox/bubblewrap/bubblewrap-backend';
import type { SandboxBackend, SandboxLimits } from '../../sandbox/sandbox-backend';
import { foregroundProcessGroup, killProcessGroup } from './foreground-process-group';
import { interruptedOutput } from './interrupted-output';
import { createRepositoryWatch } from './repository-watch';
import {
  DEFAULT_TERMINAL_LIMITS,
  type LimitCounters,
  type LimitMechanism,
  limitNotices,
} from '../../sandbox/limit-notices';
import { promptCommandFor } from './prompt-marker';
import {
  abortedBeforeStart,
  errorText,
  INTERRUPT_PROMPT_WAIT_MS,
  type Shell,
  stopShell,
  untilSettledOrAborted,
  waitForEnding,
  waitForIdle,
} from './shell-waits';
import { spawnShell } from './spawn-shell';

export type TerminalRequest =
  | { kind: 'command'; command: string }
  | { kind: 'input'; data: string }
  | { kind: 'wait' };

export interface TerminalWaitOptions {
  /** Hard limit: the command gets C-c when it is reached. Absent: only the no-output limit applies. */
  hardTimeoutMs?: number;
  noOutputTimeoutMs: number;
  /** Quiet this long at a prompt-like line, a command blocked reading the terminal ends the wait; default 2 s. */
  promptQuietMs?: number;
  signal: AbortSignal;
}

/**
 * completed: the prompt came back. timeout: the hard limit hit and C-c was sent. no_output: nothing
 * printed for the no-output limit, the command still runs. aborted: the signal fired, C-c was sent.
 * exited: the shell itself ended. busy: a command was given while another still runs. idle: asked to
 * wait while nothing runs. refused: no command runs at all, because the sandbox is missing or failed
 * to start (the notices say why). waiting_input: the command stopped at a prompt and reads the terminal
 * (it still runs; `prompt` holds its last line).
 */
export type TerminalEnding =
  | 'completed'
  | 'timeout'
  | 'no_output'
  | 'waiting_input'
  | 'aborted'
  | 'exited'
  | 'busy'
  | 'idle'
  | 'refused';

export interface TerminalResult {
  /** Raw pty text (escape sequences included) printed since the last result. */
  output: string;
  exitCode: number | null;
  cwd: string | undefined;
  ending: TerminalEnding;
  /** True when a command is still running in the shell after this result. */
  stillRunning: boolean;
  /** Facts the model should learn once: no sandbox, a restarted shell, a limit hit. */
  notices: string[];
  /** With ending waiting_input: the last line the command printed (cleaned). */
  prompt?: string;
  /** The limits, in plain words, with the first result after they were set up; for people only. */
  limits?: string;
}

export interface TerminalSession {
  /**
   * Never throws for command failures or a missing sandbox (those are results); throws only for a
   * shell that cannot start without a sandbox, or use after close. Calls must not overlap.
   */
  run(request: TerminalRequest, options: TerminalWaitOptions): Promise<TerminalResult>;
  /** Kills the shell and everything it started; the next run starts a fresh one in the workspace. */
  reset(): Promise<void>;
  close(): Promise<void>;
  readonly sandboxed: boolean | undefined;
  /** How the process and memory limits are enforced; undefined before the first shell starts. */
  readonly limitMechanism: LimitMechanism | undefined;
  /**
   * The host pid of the running shell's sandbox (bwrap), so others can join its network namespace:
   * with `start`, the shell is started first when none runs. A string says why there is none (no
   * sandbox, or it failed to start); undefined: no shell runs, or it runs unconfined. Never throws.
   */
  sandboxPid(start: boolean): Promise<number | string | undefined>;
  /** The sandbox the shell runs in; the session disposes it on close. */
  readonly backend: SandboxBackend;
}

/** The bubblewrap backend's options (used when no backend is given), and the backend itself. */
export interface TerminalSessionOptions extends BubblewrapBackendOptions {
  /**
   * Where the shell runs. Default: bubblewrap made from the options above (a container backend
   * brings its own mounts, network and limits, and ignores them).
   */
  backend?: SandboxBackend;
}

/** A command given while the last one is still stopping (after an interrupt) waits this long for it. */
const SETTLE_MS = 1_000;
/** The tty line discipline drops input past 4095 bytes per line, so longer lines go through a script file. */
const MAX_TYPED_LINE_BYTES = 2_000;
/** After the C-c of an interrupt, how long the command has to stop before its process group is killed. */
const INTERRUPT_KILL_AFTER_MS = 500;
/** After that kill, how long to wait for the prompt before restarting the shell instead. */
const KILL_WAIT_MS = 500;
/** Characters of an interrupted command's output kept (start and end): cheap to clean, fits one observation. */
const INTERRUPT_KEEP_CHARACTERS = 24_000;
/** Input after which the shell prints a prompt again (a line ends, C-c, C-d), so a marker will follow. */
const PROMPT_RETURNING_INPUT = ['\r', '\n', '\x03', '\x04'];

export function createTerminalSession(options: TerminalSessionOptions): TerminalSession {
  const backend =
    options.backend ??
    createBubblewrapBackend({
      workspaceDir: options.workspaceDir,
      // Saved outputs are named in observations; they must exist to be bound into the sandbox.
      ...(options.exposedPaths === undefined ? {} : { exposedPaths: options.exposedPaths }),
      ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
      ...(options.env === undefined ? {} : { env: options.env }),
      ...(options.locateBwrap === undefined ? {} : { locateBwrap: options.locateBwrap }),
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      ...(options.denyPaths === undefined ? {} : { denyPaths: options.denyPaths }),
      ...(options.network === undefined ? {} : { network: options.network }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
  const limitSettings = options.limits ?? DEFAULT_TERMINAL_LIMITS;
  const notices: string[] = [];
  if (backend.kind === 'none') {
    notices.push(
      'Note: the sandbox is turned off (sandbox: false or AGENT_WORKBENCH_SANDBOX=0): commands run with full access to this machine, its files, network and processes.',
    );
  }
  let scriptCount = 0;
  let shell: Shell | undefined;
  let limits: SandboxLimits | undefined;
  let counters: LimitCounters | undefined;
  /** Set when the limits are set up; handed out once, with the next result. */
  let limitsToShow: string | undefined;
  let closed = false;
  /** While an interrupted command is being stopped; the next call waits for it. */
  let settling: Promise<void> | undefined;
  /** The repositories the running shell was started with, as their git binds. */
  let shellRepositories = '';
  const repositories = createRepositoryWatch(options.workspaceDir);

  function ensureLimits(): SandboxLimits {
    if (limits === undefined) {
      limits = backend.limits();
      counters = limits.read();
      limitsToShow = `${limitSettings.maxProcesses} processes, ${limitSettings.maxMemoryMb} MiB of memory (enforced by ${limits.mechanism})`;
    }
    return limits;
  }

  async function startShell(): Promise<Shell> {
    const token = randomBytes(8).toString('hex');
    shellRepositories = repositories.atStart();
    ensureLimits();
    return spawnShell(await backend.startShell({ promptCommand: promptCommandFor(token) }), token);
  }

  /** The shell, or the reason no command may run: no sandbox when one is wanted is a refusal, never a fallback. */
  async function ensureShell(): Promise<Shell | string> {
    if (closed) throw new Error('terminal session used after close');
    const refusal = await backend.refusal();
    if (refusal !== undefined) return refusal;
    if (shell !== undefined && !shell.exited) return shell;
    if (shell?.exited) {
      notices.push(
        'The previous shell had exited; a new shell was started in the workspace (cwd and variables reset).',
      );
    }
    if (backend.kind === 'none') {
      shell = await startShell();
      return shell;
    }
    try {
      shell = await startShell();
      return shell;
    } catch (error) {
      return `${backend.label} failed to start (${errorText(error)}), so commands are disabled; the next command tries again.`;
    }
  }

  /** Notices for limits hit since the last reading (a command, or a background process since). */
  function limitNoticesSinceLastRead(): string[] {
    if (limits === undefined || counters === undefined) return [];
    const now = limits.read();
    const found = limitNotices(counters, now, limitSettings);
    counters = now;
    return found;
  }

  function writeCommand(target: Shell, command: string): void {
    const text = command.replace(/\r\n/g, '\n').replace(/\n+$/, '');
    const lines = text.split('\n');
    if (lines.some((line) => Buffer.byteLength(line) > MAX_TYPED_LINE_BYTES)) {
      scriptCount += 1;
      const scriptPath = join(backend.scriptsDir(), `command-${scriptCount}.sh`);
      writeFileSync(scriptPath, `${text}\n`);
      target.pty.write(`. '${scriptPath}'\r`);
    } else if (lines.length > 1) {
      // A brace group makes a multi-line command one unit: one prompt, one exit code.
      target.pty.write(`{\n${text}\n}\r`);
    } else {
      target.pty.write(`${text}\r`);
    }
  }

  /**
   * An interrupted call returns at once; if its command ignores C-c, this stops it before the next
   * call: kill the terminal's foreground process group, or, if that is the shell itself or does not
   * help, restart the shell. Either way the next observation says so.
   */
  async function stopInterruptedCommand(target: Shell): Promise<void> {
    await waitForIdle(target, INTERRUPT_KILL_AFTER_MS - INTERRUPT_PROMPT_WAIT_MS);
    if (!target.busy || target.exited || shell !== target) return;
    const group = target.pty.pid > 0 ? foregroundProcessGroup(target.pty.pid) : undefined;
    if (group !== undefined && group !== target.processGroup && killProcessGroup(group)) {
      await waitForIdle(target, KILL_WAIT_MS);
      if (!target.busy || target.exited) {
        notices.push('The interrupted command ignored C-c, so its process group was killed (SIGKILL).');
        return;
      }
    }
    if (shell !== target) return;
    shell = undefined;
    await stopShell(target);
    notices.push(
      'The interrupted command ignored C-c, so the shell was restarted in the workspace (cwd and variables reset).',
    );
  }

  /**
   * A shell's mounts are fixed when it starts, so a repository made since (`git init`, a clone, a new
   * submodule or worktree) would keep writable hooks and config in it: such a shell is replaced
   * before the next command, and the model is told. True when it was.
   */
  async function restartForNewRepository(current: Shell): Promise<boolean> {
    if (!current.sandboxed || repositories.current() === shellRepositories) return false;
    shell = undefined;
    await stopShell(current);
    notices.push(
      'A git repository appeared in the workspace, so a new shell was started with its hooks and config read-only (cwd and variables reset).',
    );
    return true;
  }

  function takeLimitsToShow(): string | undefined {
    const shown = limitsToShow;
    limitsToShow = undefined;
    return shown;
  }

  return {
    get sandboxed() {
      return shell?.sandboxed;
    },

    get limitMechanism() {
      return limits?.mechanism;
    },

    get backend() {
      return backend;
    },

    async sandboxPid(start) {
      if (closed) return "the conversation's tools are closed";
      if (start && settling === undefined && (shell === undefined || shell.exited)) {
        const current = await ensureShell();
        if (typeof current === 'string') return current;
      }
      if (shell === undefined || shell.exited || !shell.sandboxed) return undefined;
      return shell.pty.pid;
    },

    async run(request, waitOptions) {
      if (waitOptions.signal.aborted) return abortedBeforeStart(shell?.cwd);
      if (settling !== undefined) {
        await untilSettledOrAborted(settling, waitOptions.signal);
        if (waitOptions.signal.aborted)
          return { ...abortedBeforeStart(shell?.cwd), notices: notices.splice(0) };
      }
      const current = await ensureShell();
      if (typeof current === 'string') return refused(current, notices.splice(0));
      const result = (ending: TerminalEnding): TerminalResult => ({
        output:
          ending === 'aborted'
            ? interruptedOutput(current.output.takeEnds(INTERRUPT_KEEP_CHARACTERS))
            : current.output.take(),
        exitCode:
          ending === 'completed' ? current.lastExitCode : ending === 'exited' ? current.exitCode : null,
        cwd: current.cwd,
        ending,
        stillRunning: current.busy && !current.exited,
        notices: [...notices.splice(0), ...limitNoticesSinceLastRead()],
        ...(limitsToShow === undefined ? {} : { limits: takeLimitsToShow() }),
        ...(ending === 'waiting_input' && current.waitingPrompt !== undefined
          ? { prompt: current.waitingPrompt }
          : {}),
      });

      if (request.kind === 'command' && !current.busy && (await restartForNewRepository(current))) {
        return this.run(request, waitOptions);
      }
      if (request.kind === 'command') {
        if (current.busy) await waitForIdle(current, SETTLE_MS, waitOptions.signal);
        if (current.busy) return { ...result('busy'), output: '' };
        // A stop that came while the shell started or the last command settled: this one never runs.
        if (waitOptions.signal.aborted)
          return { ...abortedBeforeStart(current.cwd), notices: notices.splice(0) };
        // Whatever a stopped or early-returned command printed afterwards is no longer news.
        current.output.clear();
        current.busy = true;
        writeCommand(current, request.command);
      } else if (request.kind === 'input') {
        if (PROMPT_RETURNING_INPUT.some((character) => request.data.includes(character))) current.busy = true;
        current.pty.write(request.data);
      } else if (!current.busy) {
        return result('idle');
      }
      const ending = await waitForEnding(current, waitOptions);
      if (ending === 'exited') {
        const why = await backend.whyShellEnded(current.exitCode);
        if (why !== undefined) notices.push(`The shell ended: ${why}. The next command starts a new one.`);
      }
      if (current.sandboxed) repositories.searchSoon();
      const answer = result(ending);
      if (ending === 'aborted' && answer.stillRunning) {
        settling = stopInterruptedCommand(current).finally(() => {
          settling = undefined;
        });
      }
      return answer;
    },

    async reset() {
      const previous = shell;
      shell = undefined;
      if (previous !== undefined) await stopShell(previous);
      // Background jobs of the old shell (a fork flood) would hold the group's process slots.
      if (!closed) await limits?.empty();
    },

    async close() {
      closed = true;
      repositories.close();
      await this.reset();
      await backend.dispose();
    },
  };
}

function refused(reason: string, earlier: string[]): TerminalResult {
  return {
    output: '',
    exitCode: null,
    cwd: undefined,
    ending: 'refused',
    stillRunning: false,
    notices: [...earlier, reason],
  };
}
