import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { joinNetworkNamespace } from '../sandbox/join-network-namespace';
import { readListeningPorts } from './listening-ports';
import { previewBridgeScriptPath } from './preview-bridge-script-path';

export interface SandboxPreviewOptions {
  /** A host process in the sandbox's network namespace; not a number: no sandbox runs (the reason, if any). */
  networkMember(): Promise<number | string | undefined>;
  /** The node binary the bridge runs with; default process.execPath. */
  nodePath?: string;
}

export interface SandboxPreview {
  /** The TCP ports something listens on in the sandbox now (none when it does not run). Never throws. */
  ports(): Promise<number[]>;
  /**
   * A connection to `port` on the sandbox's loopback, or a sentence saying why there is none (no
   * sandbox, nothing listens there). Never throws.
   */
  connect(port: number): Promise<net.Socket | string>;
  /** Stops the bridge. Idempotent. */
  close(): Promise<void>;
}

const BRIDGE_START_MS = 5_000;
const ANSWER_WAIT_MS = 6_000;

interface Bridge {
  member: number;
  socketPath: string;
  process: ChildProcess;
  ready: Promise<boolean>;
}

/**
 * The way from the host into one sandbox's ports, and only those: a bridge process that joins the
 * sandbox's network namespace (never its files) and dials 127.0.0.1:<port> there for each connection
 * made to its Unix socket, which lives in a private folder the sandbox cannot see. Started on the
 * first connection, replaced when the sandbox is (a new shell has a new namespace), stopped by close.
 */
export function createSandboxPreview(options: SandboxPreviewOptions): SandboxPreview {
  let bridge: Bridge | undefined;
  let folder: string | undefined;
  let closed = false;

  function startBridge(member: number): Bridge {
    folder ??= mkdtempSync(join(tmpdir(), 'awb-preview-'));
    const socketPath = join(folder, `bridge-${member}.sock`);
    rmSync(socketPath, { force: true });
    const command = joinNetworkNamespace(member, options.nodePath ?? process.execPath, [
      previewBridgeScriptPath,
      socketPath,
    ]);
    const child = spawn(command.file, command.args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), BRIDGE_START_MS);
      timer.unref();
      child.stdout?.once('data', () => {
        clearTimeout(timer);
        resolve(true);
      });
      child.once('exit', () => resolve(false));
      child.once('error', () => resolve(false));
    });
    return { member, socketPath, process: child, ready };
  }

  function stopBridge(): void {
    bridge?.process.stdin?.end();
    bridge?.process.kill('SIGKILL');
    bridge = undefined;
  }

  async function currentBridge(): Promise<Bridge | string> {
    const member = await options.networkMember();
    if (typeof member !== 'number') return member ?? "the conversation's sandbox is not running";
    if (closed) return 'the preview is closed';
    if (bridge?.member !== member || bridge.process.exitCode !== null) {
      stopBridge();
      bridge = startBridge(member);
    }
    return (await bridge.ready) ? bridge : 'the preview bridge did not start';
  }

  return {
    async ports() {
      const member = await options.networkMember();
      return typeof member === 'number' ? readListeningPorts(member) : [];
    },
    async connect(port) {
      const current = await currentBridge();
      if (typeof current === 'string') return current;
      return dial(current.socketPath, port);
    },
    async close() {
      closed = true;
      stopBridge();
      if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Asks the bridge for `port`; the socket once it answers OK, else its reason. */
function dial(socketPath: string, port: number): Promise<net.Socket | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ path: socketPath, allowHalfOpen: true });
    let answer = '';
    const timer = setTimeout(() => finish(`port ${port} did not answer in time`), ANSWER_WAIT_MS);
    const finish = (result: net.Socket | string) => {
      clearTimeout(timer);
      socket.off('data', onData);
      if (typeof result === 'string') socket.destroy();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const newline = answer.indexOf('\n');
      if (newline < 0) return;
      const line = answer.slice(0, newline);
      if (line !== 'OK') return finish(describeRefusal(port, line.slice(3)));
      const rest = Buffer.from(answer.slice(newline + 1), 'latin1');
      socket.pause();
      if (rest.length > 0) socket.unshift(rest);
      finish(socket);
    };
    socket.on('data', onData);
    socket.once('error', () => finish('the preview bridge is not reachable'));
    socket.once('connect', () => socket.write(`${port}\n`));
  });
}

function describeRefusal(port: number, code: string): string {
  if (code === 'ECONNREFUSED') return `nothing listens on port ${port} in this conversation's sandbox`;
  return `port ${port} in this conversation's sandbox did not answer (${code || 'closed'})`;
}
