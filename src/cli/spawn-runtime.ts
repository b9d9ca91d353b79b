import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { HandedConnectionMessage } from '../client/handed-connection';

export interface RuntimeCommand {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** Where the runtime's output goes. stdout is chatter (log only); stderr is what a person must see. */
export interface RuntimeOutput {
  log(line: string): void;
  error(line: string): void;
}

export interface RuntimeExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RuntimeProcess {
  pid: number | undefined;
  /** Settles when the process prints its ready line (LISTENING_LINE); never, if it does not. */
  listening: Promise<void>;
  /** Settles once, when the process is gone (a failed spawn counts as an exit with code null). */
  exited: Promise<RuntimeExit>;
  hasExited(): boolean;
  /**
   * Hands a browser connection to the process over its IPC channel (the descriptor goes with the
   * message, and the launcher's copy is closed once sent). If the process dies before it is sent, the
   * socket is given back (`giveBack`), to be served as if it had never been offered. False, with the
   * socket untouched, when the channel is gone (the process exited or is exiting).
   */
  take(socket: Socket, message: HandedConnectionMessage, giveBack: () => void): boolean;
  /** SIGTERM to the whole process group, SIGKILL after graceMs; resolves when the leader is gone. */
  stop(graceMs?: number): Promise<RuntimeExit>;
}

export const STOP_GRACE_MS = 3_000;

/**
 * What the runtime and the automation service print on stdout once they listen, which the launcher
 * takes as their readiness (waitUntilHealthy's `listening`).
 */
export const LISTENING_LINE = /^Agent Workbench [a-z]+ listening on http/;

/**
 * Starts the runtime in its own process group (detached) so that Ctrl-C in the terminal reaches only the
 * launcher, and stopping can take down everything the runtime started with one signal.
 */
export function spawnRuntime(command: RuntimeCommand, output: RuntimeOutput): RuntimeProcess {
  const child = spawn(command.command, command.args, {
    cwd: command.cwd,
    // The runtime reads its stdin pipe as a lifeline: when this process dies the pipe closes and it exits.
    env: { ...command.env, AGENT_WORKBENCH_PARENT_PIPE: '1' },
    detached: true,
    // The IPC channel carries browser connections the ingress hands over (start-ingress.ts); Node opens
    // it close-on-exec in the child, so nothing the runtime starts inherits it.
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  });
  // Node sends one handle at a time, each after the one before is acknowledged. A socket still waiting
  // when the process dies would be nobody's, its browser waiting forever: it is given back instead (on
  // exit: Node's channel does not say it disconnected while handles wait).
  const inFlight = new Map<Socket, () => void>();
  child.once('exit', () => {
    const waiting = [...inFlight.values()];
    inFlight.clear();
    for (const giveBack of waiting) giveBack();
  });
  // Nothing is ever written; an EPIPE after the runtime exits is expected and harmless.
  child.stdin?.on('error', () => {});
  let exit: RuntimeExit | undefined;
  const exited = new Promise<RuntimeExit>((resolve) => {
    const settle = (result: RuntimeExit) => {
      exit ??= result;
      resolve(exit);
    };
    child.once('exit', (code, signal) => settle({ code, signal }));
    child.once('error', (error) => {
      output.error(`cannot start the runtime: ${error.message}`);
      settle({ code: null, signal: null });
    });
  });
  let heardListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    heardListening = resolve;
  });
  forwardLines(child.stdout, (line) => {
    if (LISTENING_LINE.test(line)) heardListening();
    output.log(line);
  });
  forwardLines(child.stderr, (line) => {
    output.log(line);
    output.error(line);
  });

  return {
    pid: child.pid,
    listening,
    exited,
    hasExited: () => exit !== undefined,
    take(socket, message, giveBack) {
      if (!child.connected || exit !== undefined) return false;
      // Node would count it as its net.Server's socket in the child, and that server's close would then
      // wait for the child to close it: it is the child's alone.
      (socket as { server?: unknown }).server = null;
      inFlight.set(socket, giveBack);
      child.send(message, socket, { keepOpen: true }, () => {
        if (!inFlight.delete(socket)) return; // given back meanwhile: it is served here
        // The child holds its own copy now (the descriptor went with the message): this process's is
        // closed, which the browser does not see (no FIN while another copy is open).
        socket.destroy();
      });
      return true;
    },
    stop: (graceMs = STOP_GRACE_MS) => stopGroup(child, exited, graceMs),
  };
}

async function stopGroup(
  child: ChildProcess,
  exited: Promise<RuntimeExit>,
  graceMs: number,
): Promise<RuntimeExit> {
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  const result = await exited;
  clearTimeout(timer);
  // The leader is gone, but a grandchild may linger in the group: make sure nothing survives.
  signalGroup(child, 'SIGKILL');
  return result;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group is already empty, which is what we want.
  }
}

function forwardLines(stream: Readable | null, write: (line: string) => void): void {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', write);
}
