import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  type BubblewrapBackendOptions,
  createBubblewrapBackend,
} from '../../sandbox/bubblewrap/bubblewrap-backend';
import type { SandboxBackend } from '../../sandbox/sandbox-backend';
import { interruptedOutput } from './interrupted-output';
import { createRepositoryWatch } from './repository-watch';
import { DEFAULT_TERMINAL_LIMITS, type LimitMechanism } from '../../sandbox/limit-notices';
import { promptCommandFor } from './prompt-marker';
import {
  abortedBeforeStart,
  errorText,
  type Shell,
  stopShell,
  untilSettledOrAborted,
  waitForEnding,
  waitForIdle,
} from './shell-waits';
import { spawnShell } from './spawn-shell';
import { stopInterruptedCommand } from './stop-interrupted-command';
import { createTerminalLimitWatch } from './terminal-limit-watch';
import { typeCommand } from './type-command';
import type { TerminalEnding, TerminalRequest, TerminalResult, TerminalWaitOptions } from './terminal-run';

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
/** Characters of an interrupted command's output kept (start and end): cheap to clean, fits one observation. */
const INTERRUPT_KEEP_CHARACTERS = 24_000;
const SANDBOX_OFF_NOTICE =
  'Note: the sandbox is turned off (sandbox: false or AGENT_WORKBENCH_SANDBOX=0): commands run with full access to this machine, its files, network and processes.';
const NEW_REPOSITORY_NOTICE =
  'A git repository appeared in the workspace, so a new shell was started with its hooks and config read-only (cwd and variables reset).';
/** Input after which the shell prints a prompt again (a line ends, C-c, C-d), so a marker will follow. */
const PROMPT_RETURNING_INPUT = ['\r', '\n', '\x03', '\x04'];

export function createTerminalSession(options: TerminalSessionOptions): TerminalSession {
  const backend = options.backend ?? defaultBackend(options);
  const notices: string[] = backend.kind === 'none' ? [SANDBOX_OFF_NOTICE] : [];
  let scriptCount = 0;
  const nextScriptPath = () => join(backend.scriptsDir(), `command-${++scriptCount}.sh`);
  let shell: Shell | undefined;
  const limitWatch = createTerminalLimitWatch(backend, options.limits ?? DEFAULT_TERMINAL_LIMITS);
  let closed = false;
  /** While an interrupted command is being stopped; the next call waits for it. */
  let settling: Promise<void> | undefined;
  /** The repositories the running shell was started with, as their git binds. */
  let shellRepositories = '';
  const repositories = createRepositoryWatch(options.workspaceDir);

  async function startShell(): Promise<Shell> {
    const token = randomBytes(8).toString('hex');
    shellRepositories = repositories.atStart();
    limitWatch.ensure();
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
    try {
      shell = await startShell();
      return shell;
    } catch (error) {
      // Without a sandbox there is nothing to refuse for: the failure is the caller's to see.
      if (backend.kind === 'none') throw error;
      return `${backend.label} failed to start (${errorText(error)}), so commands are disabled; the next command tries again.`;
    }
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
    notices.push(NEW_REPOSITORY_NOTICE);
    return true;
  }

  return {
    get sandboxed() {
      return shell?.sandboxed;
    },

    get limitMechanism() {
      return limitWatch.mechanism;
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
      const result = (ending: TerminalEnding): TerminalResult =>
        resultOf(
          current,
          ending,
          [...notices.splice(0), ...limitWatch.noticesSinceLastRead()],
          limitWatch.takeToShow(),
        );

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
        typeCommand(current.pty, request.command, nextScriptPath);
      } else if (request.kind === 'input') {
        if (PROMPT_RETURNING_INPUT.some((character) => request.data.includes(character))) current.busy = true;
        current.pty.write(request.data);
      } else if (!current.busy) {
        return result('idle');
      }
      const ending = await waitForEnding(current, waitOptions);
      if (ending === 'exited') notices.push(...(await shellEndedNotices(backend, current.exitCode)));
      if (current.sandboxed) repositories.searchSoon();
      const answer = result(ending);
      if (ending === 'aborted' && answer.stillRunning) {
        const dropShell = () => {
          shell = undefined;
        };
        settling = stopInterruptedCommand(current, () => shell === current, dropShell)
          .then((notice) => {
            if (notice !== undefined) notices.push(notice);
          })
          .finally(() => {
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
      if (!closed) await limitWatch.empty();
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

/** Bubblewrap made from the session's options, when no backend is given. */
function defaultBackend(options: TerminalSessionOptions): SandboxBackend {
  return createBubblewrapBackend({
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
}

/** What a run tells: the output since the last result (an interrupted command's ends only), its ending, the news. */
function resultOf(
  current: Shell,
  ending: TerminalEnding,
  notices: string[],
  limits: string | undefined,
): TerminalResult {
  return {
    output:
      ending === 'aborted'
        ? interruptedOutput(current.output.takeEnds(INTERRUPT_KEEP_CHARACTERS))
        : current.output.take(),
    exitCode: ending === 'completed' ? current.lastExitCode : ending === 'exited' ? current.exitCode : null,
    cwd: current.cwd,
    ending,
    stillRunning: current.busy && !current.exited,
    notices,
    ...(limits === undefined ? {} : { limits }),
    ...(ending === 'waiting_input' && current.waitingPrompt !== undefined
      ? { prompt: current.waitingPrompt }
      : {}),
  };
}

/** Why the shell ended, when the sandbox knows (its container died, say), for the next observation. */
async function shellEndedNotices(backend: SandboxBackend, exitCode: number | null): Promise<string[]> {
  const why = await backend.whyShellEnded(exitCode);
  return why === undefined ? [] : [`The shell ended: ${why}. The next command starts a new one.`];
}
