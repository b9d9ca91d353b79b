import { randomBytes } from 'node:crypto';
import { spawn } from 'node-pty';
import type { PtyProcess } from '../../sandbox/pty-process';
import { createPersonPromptParser, personPromptCommand } from './person-prompt';
import { createTerminalOutputLog, type OutputSince } from './terminal-output-log';

export interface PersonShellLaunch {
  file: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface PersonTerminalDeps {
  /**
   * How to start the shell now, its PROMPT_COMMAND given and the terminal's size: a command line to
   * run on a new pty, a shell a sandbox backend already started (a container exec), or why it cannot start.
   */
  launch(
    promptCommand: string,
    size: { cols: number; rows: number },
  ): Promise<PersonShellLaunch | { pty: PtyProcess } | string>;
  /** A command line the person ran and its exit code, as bash's history holds it (not yet masked). */
  onCommand(command: string, exitCode: number): void;
  /** Called after the shell is killed, to empty its limits' group. */
  afterStop?(): Promise<void>;
}

export type PersonTerminalEvent =
  | { kind: 'output'; offset: number; text: string }
  | { kind: 'exit'; exitCode: number };

export interface PersonTerminal {
  /** Starts the shell when none runs. Answers why it cannot, or undefined. Never throws. */
  open(): Promise<string | undefined>;
  /** Output kept from `offset` on; `listener` then hears what follows, in order, until `detach`. */
  attach(
    offset: number,
    listener: (event: PersonTerminalEvent) => void,
  ): { since: OutputSince; detach(): void };
  /** Keystrokes, as xterm.js sends them; dropped when no shell runs. */
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /** Shows `text` on the person's screen (and in the kept output) without typing it: the agent's commands. */
  echo(text: string): void;
  close(): Promise<void>;
}

const KILL_WAIT_MS = 1_000;

/**
 * The person's own shell in a conversation's sandbox: a real pty (colours, full-screen programs,
 * resizing) whose output is numbered from the first shell on, so a tab that reconnects reads exactly
 * what it missed. The shell starts on the first `open` and again after it exits; `close` ends it.
 */
export function createPersonTerminal(deps: PersonTerminalDeps): PersonTerminal {
  const output = createTerminalOutputLog();
  const listeners = new Set<(event: PersonTerminalEvent) => void>();
  let pty: PtyProcess | undefined;
  let starting: Promise<string | undefined> | undefined;
  let size = { cols: 100, rows: 30 };
  let closed = false;

  const emit = (event: PersonTerminalEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  async function start(): Promise<string | undefined> {
    const token = randomBytes(8).toString('hex');
    const launch = await deps.launch(personPromptCommand(token), size);
    if (typeof launch === 'string') return launch;
    if (closed) {
      if ('pty' in launch) await kill(launch.pty);
      return 'the terminal is closed';
    }
    const started =
      'pty' in launch
        ? launch.pty
        : spawn(launch.file, launch.args, {
            name: 'xterm-256color',
            cols: size.cols,
            rows: size.rows,
            cwd: launch.cwd,
            env: launch.env,
          });
    const parser = createPersonPromptParser(token);
    started.onData((chunk) => {
      for (const piece of parser.push(chunk)) {
        if (piece.kind === 'command') {
          deps.onCommand(piece.command, piece.exitCode);
        } else {
          const offset = output.end;
          output.append(piece.text);
          emit({ kind: 'output', offset, text: piece.text });
        }
      }
    });
    started.onExit(({ exitCode }) => {
      if (pty === started) pty = undefined;
      emit({ kind: 'exit', exitCode });
    });
    pty = started;
    return undefined;
  }

  return {
    open() {
      if (closed) return Promise.resolve('the terminal is closed');
      if (pty !== undefined) return Promise.resolve(undefined);
      starting ??= start()
        .catch((error: unknown) => `the shell did not start: ${(error as Error).message}`)
        .finally(() => {
          starting = undefined;
        });
      return starting;
    },
    attach(offset, listener) {
      const since = output.since(offset);
      listeners.add(listener);
      return { since, detach: () => listeners.delete(listener) };
    },
    write(data) {
      pty?.write(data);
    },
    resize(cols, rows) {
      size = { cols, rows };
      pty?.resize(cols, rows);
    },
    echo(text) {
      if (closed) return;
      const offset = output.end;
      output.append(text);
      emit({ kind: 'output', offset, text });
    },
    async close() {
      closed = true;
      listeners.clear();
      await starting;
      const running = pty;
      pty = undefined;
      if (running !== undefined) await kill(running);
      await deps.afterStop?.();
    },
  };
}

/** SIGHUP as a closing terminal would, then SIGKILL; bwrap's --die-with-parent takes the sandbox down. */
async function kill(pty: PtyProcess): Promise<void> {
  let exited = false;
  const gone = new Promise<void>((resolve) => {
    pty.onExit(() => {
      exited = true;
      resolve();
    });
  });
  for (const signal of ['SIGHUP', 'SIGKILL'] as const) {
    if (exited) return;
    try {
      pty.kill(signal);
    } catch {
      // already gone between the check and the kill
      return;
    }
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, KILL_WAIT_MS).unref())]);
  }
}
