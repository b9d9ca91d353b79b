import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bridgeScriptPath } from '../../src/runtime/network/bridge-script-path';
import { createEgressProxy } from '../../src/runtime/network/create-egress-proxy';
import type { BenchFigure } from './bench-figure';

const RUNS = 50;
const WARMUP = 5;
const PAYLOAD = Buffer.alloc(1024, 'x');

/**
 * What the egress path costs a sandboxed command: a fresh connection plus one 1 KiB echo, direct to a
 * 127.0.0.1 echo server, through the proxy's Unix socket (CONNECT), and through the sandbox bridge
 * (TCP -> bridge process -> Unix socket -> proxy -> target). Loopback only; the name `bench.test`
 * resolves to 127.0.0.1 by injection. The proxy runs in this process, so its work is in the figures.
 */
export default async function egressProxyBench(): Promise<BenchFigure[]> {
  const directory = await mkdtemp(join(tmpdir(), 'awb-egress-bench-'));
  const socketPath = join(directory, 'proxy.sock');
  const echo = createServer((socket) => socket.pipe(socket));
  const echoPort = await listenOnLoopback(echo);
  const proxy = await createEgressProxy({
    socketPath,
    allowlist: ['bench.test'],
    allowedPorts: [echoPort],
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    allowAddress: (address) => address === '127.0.0.1',
  });
  const bridgePort = await freePort();
  const bridge = spawn(process.execPath, [bridgeScriptPath, socketPath, String(bridgePort)], {
    stdio: 'ignore',
  });
  try {
    await waitUntilListening(bridgePort);
    const authority = `bench.test:${echoPort}`;
    const direct = await sample(() =>
      echoOnce(() => connect({ host: '127.0.0.1', port: echoPort }), undefined),
    );
    const viaProxy = await sample(() => echoOnce(() => connect({ path: socketPath }), authority));
    const viaBridge = await sample(() =>
      echoOnce(() => connect({ host: '127.0.0.1', port: bridgePort }), authority),
    );
    return [
      { name: 'egress connect + 1 KiB echo, direct', unit: 'ms', samples: direct },
      { name: 'egress connect + 1 KiB echo, CONNECT via proxy socket', unit: 'ms', samples: viaProxy },
      { name: 'egress connect + 1 KiB echo, via sandbox bridge + proxy', unit: 'ms', samples: viaBridge },
    ];
  } finally {
    bridge.kill();
    await proxy.close();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    await rm(directory, { recursive: true, force: true });
  }
}

async function sample(run: () => Promise<void>): Promise<number[]> {
  for (let warmup = 0; warmup < WARMUP; warmup++) await run();
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Opens a connection, sends CONNECT first when `authority` is given, echoes 1 KiB, closes. */
function echoOnce(open: () => Socket, authority: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = open();
    let buffered = Buffer.alloc(0);
    let tunnelled = authority === undefined;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!tunnelled) {
        const headEnd = buffered.indexOf('\r\n\r\n');
        if (headEnd === -1) return;
        if (!buffered.subarray(0, 12).toString().includes(' 200')) reject(new Error(buffered.toString()));
        tunnelled = true;
        buffered = buffered.subarray(headEnd + 4);
        socket.write(PAYLOAD);
      }
      if (buffered.length >= PAYLOAD.length) {
        socket.destroy();
        resolve();
      }
    });
    socket.once('connect', () => {
      socket.write(
        authority === undefined ? PAYLOAD : `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`,
      );
    });
  });
}

function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(address !== null && typeof address === 'object' ? address.port : 0);
    });
  });
}

/** A port free right now on 127.0.0.1, for the bridge process to listen on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnLoopback(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitUntilListening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the bridge did not listen on 127.0.0.1:${port}`);
}
