import { type ChildProcess, fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { BenchFigure } from './bench-figure';

const ROUNDS = 5;
const CONCURRENT_CLIENTS = 16;
const WARM_UP_REQUESTS = 300;
const WINDOW_MS = 2_000;
const child = join(import.meta.dirname, 'ingress-cpu-child.ts');

/**
 * The ingress's own cost per request, apart from the runtime's: our ingress and the least a Node
 * proxy can do (http.request on a kept-alive pool, the answer piped back), each a process of its own
 * in front of the same tiny backend, driven by the same 16 kept-alive clients, one after the other in
 * each round. The figure is CPU time (steady when other work shares the machine), and the ingress as
 * a share of the bare proxy says what the guards and the routing add on top of Node's HTTP.
 */
export default async function ingressCpuBenchmark(): Promise<BenchFigure[]> {
  const ingress: number[] = [];
  const overUnix: number[] = [];
  const bare: number[] = [];
  const shares: number[] = [];
  const unixShares: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ingressUs = await cpuPerRequestUs('ingress');
    const unixUs = await cpuPerRequestUs('ingress-unix');
    const bareUs = await cpuPerRequestUs('bare');
    ingress.push(ingressUs);
    overUnix.push(unixUs);
    bare.push(bareUs);
    shares.push((100 * ingressUs) / bareUs);
    unixShares.push((100 * unixUs) / ingressUs);
  }
  return [
    { name: 'ingress alone: CPU per proxied request', unit: 'µs', samples: ingress },
    { name: 'ingress alone: CPU per request, backend on a Unix socket', unit: 'µs', samples: overUnix },
    { name: 'ingress alone: CPU per request, Unix socket / TCP backend', unit: '%', samples: unixShares },
    { name: 'ingress alone: CPU per request of a bare Node proxy', unit: 'µs', samples: bare },
    { name: 'ingress alone: CPU per request / bare Node proxy', unit: '%', samples: shares },
  ];
}

async function cpuPerRequestUs(role: 'ingress' | 'ingress-unix' | 'bare'): Promise<number> {
  const backend = fork(child, ['backend'], { execArgv: process.execArgv });
  const proxy = fork(child, [role, String(await firstMessage(backend))], { execArgv: process.execArgv });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT_CLIENTS });
  try {
    const port = await firstMessage(proxy);
    const get = () => probe(port, agent);
    await Promise.all(Array.from({ length: CONCURRENT_CLIENTS }, () => repeat(get, WARM_UP_REQUESTS)));
    const before = await cpuMs(proxy);
    let answered = 0;
    const until = performance.now() + WINDOW_MS;
    await Promise.all(
      Array.from({ length: CONCURRENT_CLIENTS }, async () => {
        while (performance.now() < until) {
          await get();
          answered++;
        }
      }),
    );
    return ((await cpuMs(proxy)) - before) * (1000 / answered);
  } finally {
    agent.destroy();
    proxy.kill();
    backend.kill();
  }
}

async function repeat(action: () => Promise<void>, times: number): Promise<void> {
  for (let index = 0; index < times; index++) await action();
}

function firstMessage(worker: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    worker.once('message', (message) => resolve(Number(message)));
    worker.once('exit', (code) => reject(new Error(`a bench process exited (${code}) before it listened`)));
  });
}

function cpuMs(worker: ChildProcess): Promise<number> {
  const answer = firstMessage(worker);
  worker.send('cpu');
  return answer;
}

function probe(port: number, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers = { host: `localhost:${port}`, 'x-session-api-key': 'k'.repeat(64) };
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/server_info', agent, headers },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`/server_info answered ${response.statusCode}`));
        response.resume();
        response.on('end', resolve);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
