import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node-pty';
import { createBoundedOutput } from './bounded-output';
import { foregroundProcessGroup, killProcessGroup } from './foreground-process-group';
import { interruptedOutput } from './interrupted-output';
import { createPromptMarkerParser, promptCommandFor } from './prompt-marker';
import { findExecutable, sandboxWanted, shellLaunch } from './shell-launch';
import {
  abortedBeforeStart,
  errorText,
  INTERRUPT_PROMPT_WAIT_MS,
  type Shell,
  stopShell,
  untilSettledOrAborted,
  waitForEnding,
  waitForIdle,
  waitForStartupPrompt,
} from './shell-waits';

export type TerminalRequest =
  | { kind: 'command'; command: string }
  | { kind: 'input'; data: string }
  | { kind: 'wait' };

export interface TerminalWaitOptions {
  /** Hard limit: the command gets C-c when it is reached. Absent: only the no-output limit applies. */
  hardTimeoutMs?: number;
  noOutputTimeoutMs: number;
  signal: AbortSignal;
}

/**
 * completed: the prompt came back. timeout: the hard limit hit and C-c was sent. no_output: nothing
 * printed for the no-output limit, the command still runs. aborted: the signal fired, C-c was sent.
 * exited: the shell itself ended. busy: a command was given while another still runs. idle: asked to
 * wait while nothing runs.
 */
export type TerminalEnding = 'completed' | 'timeout' | 'no_output' | 'aborted' | 'exited' | 'busy' | 'idle';

export interface TerminalResult {
  /** Raw pty text (escape sequences included) printed since the last result. */
  output: string;
  exitCode: number | null;
  cwd: string | undefined;
  ending: TerminalEnding;
  /** True when a command is still running in the shell after this result. */
  stillRunning: boolean;
  /** Facts the model should learn once: no sandbox, a restarted shell. */
  notices: string[];
}

export interface TerminalSession {
  /** Never throws for command failures; throws only when the shell cannot start at all. Calls must not overlap. */
  run(request: TerminalRequest, options: TerminalWaitOptions): Promise<TerminalResult>;
  /** Kills the shell; the next run starts a fresh one in the workspace. */
  reset(): Promise<void>;
  close(): Promise<void>;
  readonly sandboxed: boolean | undefined;
}

export interface TerminalSessionOptions {
  workspaceDir: string;
  sandbox?: boolean;
  /** Base environment of the shell (secrets are removed); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Where bwrap is; default: looked up on PATH. Tests pass a function returning undefined. */
  locateBwrap?: (env: NodeJS.ProcessEnv) => string | undefined;
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
  const env = options.env ?? process.env;
  const wanted = sandboxWanted(options.sandbox, env);
  const locateBwrap = options.locateBwrap ?? ((lookupEnv) => findExecutable('bwrap', lookupEnv.PATH));
  const bwrapPath = wanted ? locateBwrap(env) : undefined;
  const notices: string[] = [];
  if (wanted && bwrapPath === undefined) {
    notices.push(
      'Note: bubblewrap (bwrap) is not installed, so this terminal runs without a sandbox; nothing blocks writes outside the workspace.',
    );
  }
  let scriptsDir: string | undefined;
  let scriptCount = 0;
  let shell: Shell | undefined;
  let closed = false;
  /** While an interrupted command is being stopped; the next call waits for it. */
  let settling: Promise<void> | undefined;

  function ensureScriptsDir(): string {
    scriptsDir ??= mkdtempSync(join(tmpdir(), 'awb-terminal-'));
    return scriptsDir;
  }

  function startShell(useSandbox: boolean): Promise<Shell> {
    const token = randomBytes(8).toString('hex');
    const launch = shellLaunch({
      workspaceDir: options.workspaceDir,
      scriptsDir: ensureScriptsDir(),
      promptCommand: promptCommandFor(token),
      bwrapPath: useSandbox ? bwrapPath : undefined,
      env,
    });
    const pty = spawn(launch.file, launch.args, {
      name: 'xterm-256color',
      cols: 160,
      rows: 40,
      cwd: options.workspaceDir,
      env: launch.env,
    });
    const started: Shell = {
      pty,
      output: createBoundedOutput(),
      busy: true,
      exited: false,
      exitCode: null,
      lastExitCode: null,
      cwd: undefined,
      sandboxed: launch.sandboxed,
      processGroup: undefined,
      listener: undefined,
    };
    const parser = createPromptMarkerParser(token);
    pty.onData((chunk) => {
      let sawPrompt = false;
      for (const piece of parser.push(chunk)) {
        if (piece.kind === 'output') {
          started.output.append(piece.text);
        } else {
          sawPrompt = true;
          started.busy = false;
          started.lastExitCode = piece.exitCode;
          started.cwd = piece.cwd;
        }
      }
      started.listener?.(sawPrompt ? 'prompt' : 'data');
    });
    pty.onExit(({ exitCode }) => {
      started.exited = true;
      started.busy = false;
      started.exitCode = exitCode;
      started.listener?.('exit');
    });
    return initialise(started);
  }

  async function initialise(started: Shell): Promise<Shell> {
    await waitForStartupPrompt(started);
    // Echo off, so output is only what commands print; un-export, so nested shells print no markers.
    started.busy = true;
    started.pty.write('stty -echo; export -n PROMPT_COMMAND PS1 PS2\r');
    await waitForStartupPrompt(started);
    started.output.clear();
    started.processGroup = foregroundProcessGroup(started.pty.pid);
    return started;
  }

  async function ensureShell(): Promise<Shell> {
    if (closed) throw new Error('terminal session used after close');
    if (shell !== undefined && !shell.exited) return shell;
    if (shell?.exited) {
      notices.push(
        'The previous shell had exited; a new shell was started in the workspace (cwd and variables reset).',
      );
    }
    shell = await startWithFallback();
    return shell;
  }

  async function startWithFallback(): Promise<Shell> {
    if (bwrapPath === undefined) return startShell(false);
    try {
      return await startShell(true);
    } catch (error) {
      notices.push(
        `Note: the sandbox (bwrap) failed to start (${errorText(error)}), so this terminal runs without a sandbox.`,
      );
      return startShell(false);
    }
  }

  function writeCommand(target: Shell, command: string): void {
    const text = command.replace(/\r\n/g, '\n').replace(/\n+$/, '');
    const lines = text.split('\n');
    if (lines.some((line) => Buffer.byteLength(line) > MAX_TYPED_LINE_BYTES)) {
      scriptCount += 1;
      const scriptPath = join(ensureScriptsDir(), `command-${scriptCount}.sh`);
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
    const group = foregroundProcessGroup(target.pty.pid);
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

  return {
    get sandboxed() {
      return shell?.sandboxed;
    },

    async run(request, waitOptions) {
      if (waitOptions.signal.aborted) return abortedBeforeStart(shell?.cwd);
      if (settling !== undefined) {
        await untilSettledOrAborted(settling, waitOptions.signal);
        if (waitOptions.signal.aborted)
          return { ...abortedBeforeStart(shell?.cwd), notices: notices.splice(0) };
      }
      const current = await ensureShell();
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
        notices: notices.splice(0),
      });

      if (request.kind === 'command') {
        if (current.busy) await waitForIdle(current, SETTLE_MS, waitOptions.signal);
        if (current.busy) return { ...result('busy'), output: '' };
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
    },

    async close() {
      closed = true;
      await this.reset();
      if (scriptsDir !== undefined) rmSync(scriptsDir, { recursive: true, force: true });
    },
  };
}
