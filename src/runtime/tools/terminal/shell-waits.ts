import type { PtyProcess } from '../../sandbox/pty-process';
import type { BoundedOutput } from './bounded-output';
import type { TerminalEnding, TerminalResult, TerminalWaitOptions } from './terminal-run';
import { foregroundReadsTerminal, PROMPT_PEEK_CHARACTERS, promptLine } from './waiting-for-input';

/**
 * The live bash process of a terminal session and the waits on it: for the prompt marker that ends a
 * command (or a timeout, a silence, an abort), for the shell to go idle, for its first prompt, and for
 * it to stop. Split from terminal-session.ts, which owns the session's life cycle.
 */
export interface Shell {
  pty: PtyProcess;
  output: BoundedOutput;
  busy: boolean;
  exited: boolean;
  exitCode: number | null;
  lastExitCode: number | null;
  cwd: string | undefined;
  sandboxed: boolean;
  /** The shell's own process group (the terminal's foreground group while it waits at its prompt). */
  processGroup: number | undefined;
  /** The prompt line of the last wait that ended with the command waiting for input. */
  waitingPrompt: string | undefined;
  listener: ((event: 'data' | 'prompt' | 'exit') => void) | undefined;
}

const STARTUP_TIMEOUT_MS = 10_000;
/** After C-c on a hard timeout, how long to wait for the prompt to come back. */
const STOP_GRACE_MS = 1_000;
/** After the C-c of an interrupt, how long the call waits for the prompt before it returns anyway. */
export const INTERRUPT_PROMPT_WAIT_MS = 100;
/** Quiet this long, a command whose last line looks like a prompt is checked for waiting on input. */
export const PROMPT_QUIET_MS = 2_000;
/** While still quiet, the check is repeated this often (a process may block on the read a bit later). */
const PROMPT_RECHECK_MS = 1_000;
/**
 * A positive check counts once a second one agrees this much later with no output between. bash back
 * at its own prompt reads the terminal too: when the runtime was busy, the command's last output and
 * the prompt marker may still be unread, and the event loop reads them before the second check.
 */
const PROMPT_CONFIRM_MS = 200;

/** Whether the shell's command waits at a prompt now: the prompt-like last line, or undefined. */
export function waitingPrompt(shell: Shell): string | undefined {
  if (!shell.busy || shell.exited) return undefined;
  const line = promptLine(shell.output.peekEnd(PROMPT_PEEK_CHARACTERS));
  if (line === undefined) return undefined;
  return shell.pty.pid > 0 && foregroundReadsTerminal(shell.pty.pid) ? line : undefined;
}

export function waitForEnding(shell: Shell, options: TerminalWaitOptions): Promise<TerminalEnding> {
  return new Promise((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    let noOutputTimer: NodeJS.Timeout | undefined;
    let promptTimer: NodeJS.Timeout | undefined;
    let stopping = false;
    let interrupted = false;
    const finish = (ending: TerminalEnding) => {
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(noOutputTimer);
      clearTimeout(promptTimer);
      shell.listener = undefined;
      options.signal.removeEventListener('abort', onAbort);
      resolve(ending);
    };
    const checkPrompt = (seen?: string) => {
      const line = waitingPrompt(shell);
      if (line !== undefined && line === seen) {
        shell.waitingPrompt = line;
        finish('waiting_input');
      } else {
        // Any output meanwhile re-arms the wait from the start (armNoOutputTimer).
        const delay = line === undefined ? PROMPT_RECHECK_MS : PROMPT_CONFIRM_MS;
        promptTimer = setTimeout(() => checkPrompt(line), delay);
      }
    };
    const armNoOutputTimer = () => {
      clearTimeout(promptTimer);
      promptTimer = setTimeout(() => checkPrompt(), options.promptQuietMs ?? PROMPT_QUIET_MS);
      if (options.hardTimeoutMs !== undefined) return;
      clearTimeout(noOutputTimer);
      noOutputTimer = setTimeout(() => finish('no_output'), options.noOutputTimeoutMs);
    };
    // C-c, then a short wait for the prompt, so a command that stops at once is reported stopped.
    const onAbort = () => {
      if (shell.exited) return finish('aborted');
      interrupted = true;
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(noOutputTimer);
      clearTimeout(promptTimer);
      shell.pty.write('\x03');
      timers.push(setTimeout(() => finish('aborted'), INTERRUPT_PROMPT_WAIT_MS));
    };
    shell.listener = (event) => {
      if (event === 'exit') finish(interrupted ? 'aborted' : 'exited');
      else if (event === 'prompt' && !shell.busy) {
        finish(interrupted ? 'aborted' : stopping ? 'timeout' : 'completed');
      } else if (!stopping && !interrupted) armNoOutputTimer();
    };
    if (!shell.busy) {
      finish(shell.exited ? 'exited' : 'completed');
      return;
    }
    options.signal.addEventListener('abort', onAbort, { once: true });
    armNoOutputTimer();
    // The 'abort' event fires once: a signal that fired before this wait began is acted on now.
    if (options.signal.aborted) onAbort();
    if (options.hardTimeoutMs !== undefined) {
      timers.push(
        setTimeout(() => {
          stopping = true;
          clearTimeout(promptTimer);
          shell.pty.write('\x03');
          timers.push(setTimeout(() => finish('timeout'), STOP_GRACE_MS));
        }, options.hardTimeoutMs),
      );
    }
  });
}

export function waitForIdle(shell: Shell, limitMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      shell.listener = undefined;
      signal?.removeEventListener('abort', done);
      resolve();
    };
    if (!shell.busy || shell.exited) {
      resolve();
      return;
    }
    const timer = setTimeout(done, limitMs);
    signal?.addEventListener('abort', done, { once: true });
    shell.listener = () => {
      if (!shell.busy) done();
    };
  });
}

export function untilSettledOrAborted(settling: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    settling.then(done, done);
  });
}

export function abortedBeforeStart(cwd: string | undefined): TerminalResult {
  return { output: '', exitCode: null, cwd, ending: 'aborted', stillRunning: false, notices: [] };
}

export function waitForStartupPrompt(shell: Shell): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('no prompt within 10 s'), STARTUP_TIMEOUT_MS);
    const fail = (reason: string) => {
      clearTimeout(timer);
      shell.listener = undefined;
      const printed = shell.output.take().trim().split('\n')[0] ?? '';
      if (!shell.exited) shell.pty.kill('SIGKILL');
      reject(new Error(printed ? `${reason}: ${printed}` : reason));
    };
    const check = () => {
      if (shell.exited) fail(`the shell exited with code ${shell.exitCode}`);
      else if (!shell.busy) {
        clearTimeout(timer);
        shell.listener = undefined;
        resolve();
      }
    };
    shell.listener = check;
    check();
  });
}

export async function stopShell(shell: Shell): Promise<void> {
  for (const signal of ['SIGHUP', 'SIGKILL'] as const) {
    if (shell.exited) return;
    shell.pty.kill(signal);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1_000);
      shell.listener = (event) => {
        if (event === 'exit') {
          clearTimeout(timer);
          resolve();
        }
      };
    });
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
