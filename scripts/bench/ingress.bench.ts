import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import WebSocket from 'ws';
import { INGRESS_PROXY_ONLY_VARIABLE } from '../../src/cli/runtime-socket-path';
import { startTestWorkbench, type TestWorkbench } from '../../src/cli/testing/start-test-workbench';
import type { BenchFigure } from './bench-figure';
import { processCpuMs } from './process-cpu-ms';
import { summarizeSamples } from './summarize-samples';

const ROUNDS = 5;
const SEQUENTIAL_REQUESTS = 1_000;
const CONCURRENT_CLIENTS = 16;
const THROUGHPUT_WINDOW_MS = 1_500;
const SOCKET_EVENTS = 2_000;
const SOCKET_TRIES_PER_ROUND = 3;

/**
 * What the ingress costs: the same requests sent to the ingress and straight to the runtime, side by
 * side in each round, with the launcher started exactly as `npm start` starts it (its V8 flags
 * included). Added latency is the median of one kept-alive client's requests through the ingress less
 * the median straight to the runtime; throughput is requests answered per second by 16 kept-alive
 * clients at once, through the ingress as a share of straight; socket frames are the frames per second
 * 16 new sockets receive replaying 2,000 events at once (`after_seq=-1`), through the ingress as a
 * share of straight (the better of 3 tries each side per round, taken in turns).
 * By default the ingress hands a connection whose first request is the runtime's to the runtime's
 * process, which serves it from then on; the same figures are taken, round by round, from a second
 * launcher whose ingress proxies every request (AGENT_WORKBENCH_INGRESS_PROXY_ONLY=1, its fast path
 * over the runtime's Unix socket), as it did before: the ratios and the launcher's CPU beside those of
 * the default.
 * On a machine with fewer cores than the load generator, the launcher and the runtime need, the
 * throughput share measures the sharing of cores more than the ingress; so the CPU time the launcher
 * and the runtime spend per request through the ingress is reported too (from /proc, steady under
 * other load): where each process has a core, the share is about runtime / launcher CPU, capped at 100%.
 */
export default async function ingressBenchmark(): Promise<BenchFigure[]> {
  // The launcher as it starts by default (connections handed to the runtime) and, side by side in the
  // same rounds, proxying every request as before.
  const workbench = await startTestWorkbench({ nodeFlags: npmStartNodeFlags() });
  const proxyOnly = await startTestWorkbench({
    nodeFlags: npmStartNodeFlags(),
    env: { [INGRESS_PROXY_ONLY_VARIABLE]: '1' },
  }).catch(async (error: unknown) => {
    await workbench.cleanup();
    throw error;
  });
  try {
    const handing = await measuring(workbench);
    const proxying = await measuring(proxyOnly);
    // One round first, not counted: the JIT warms up on both sides.
    await handing.round(false);
    await proxying.round(false);
    for (let round = 0; round < ROUNDS; round++) {
      await handing.round(true);
      await proxying.round(true);
    }
    return [
      ...handing.figures(''),
      ...proxying
        .figures('ingress proxying every request: ')
        .filter((figure) => /added latency|through \/ straight|launcher CPU per/.test(figure.name)),
    ];
  } finally {
    await Promise.all([workbench.cleanup(), proxyOnly.cleanup()]);
  }
}

/** One workbench's rounds: each measures it through the ingress and straight to its runtime. */
async function measuring(workbench: TestWorkbench) {
  const direct = `http://127.0.0.1:${workbench.runtimePort}`;
  const conversationId = await seedConversation(workbench.url, workbench.sessionKey);
  const added: number[] = [];
  const ingressRates: number[] = [];
  const directRates: number[] = [];
  const shares: number[] = [];
  const socketShares: number[] = [];
  const socketRates: number[] = [];
  const launcherCpu: number[] = [];
  const runtimeCpu: number[] = [];
  const cpuShares: number[] = [];

  function cpuOfBothMs(): { launcher: number; runtime: number } {
    const runtimePid = workbench.runtimePid();
    if (runtimePid === undefined) throw new Error('the runtime is gone');
    return { launcher: processCpuMs(workbench.launcher.pid), runtime: processCpuMs(runtimePid) };
  }

  async function round(record: boolean): Promise<void> {
    const headers = { 'X-Session-API-Key': workbench.sessionKey };
    const viaIngress = await medianLatencyMs(workbench.url, headers);
    const straight = await medianLatencyMs(direct, headers);
    const cpuBefore = cpuOfBothMs();
    const throughIngress = await requestsPerSecond(workbench.url, headers);
    const cpuAfter = cpuOfBothMs();
    const ingressRate = throughIngress.rate;
    const directRate = (await requestsPerSecond(direct, headers)).rate;
    // Socket frames: 16 clients replaying at once, taken in turns; the better of each side's tries,
    // as one replay varies by half from the next on a shared machine.
    const socketIngressRates: number[] = [];
    const socketDirectRates: number[] = [];
    for (let attempt = 0; attempt < SOCKET_TRIES_PER_ROUND; attempt++) {
      socketIngressRates.push(await framesPerSecond(workbench.url, conversationId, workbench.sessionKey));
      socketDirectRates.push(await framesPerSecond(direct, conversationId, workbench.sessionKey));
    }
    const socketIngress = Math.max(...socketIngressRates);
    const socketDirect = Math.max(...socketDirectRates);
    if (!record) return;
    added.push(viaIngress - straight);
    ingressRates.push(ingressRate);
    directRates.push(directRate);
    shares.push((100 * ingressRate) / directRate);
    const requests = throughIngress.answered;
    const launcherUs = ((cpuAfter.launcher - cpuBefore.launcher) * 1000) / requests;
    const runtimeUs = ((cpuAfter.runtime - cpuBefore.runtime) * 1000) / requests;
    launcherCpu.push(launcherUs);
    runtimeCpu.push(runtimeUs);
    cpuShares.push((100 * launcherUs) / runtimeUs);
    socketRates.push(socketIngress);
    socketShares.push((100 * socketIngress) / socketDirect);
  }

  function figures(prefix: string): BenchFigure[] {
    const named = (name: string) => `${prefix || 'ingress: '}${name}`;
    return [
      { name: named('added latency per REST request (kept-alive client)'), unit: 'ms', samples: added },
      {
        name: named(`REST requests/s through the ingress, ${CONCURRENT_CLIENTS} clients`),
        unit: 'req/s',
        samples: ingressRates,
        lowerIsBetter: false,
      },
      {
        name: named(`REST requests/s straight to the runtime, ${CONCURRENT_CLIENTS} clients`),
        unit: 'req/s',
        samples: directRates,
        lowerIsBetter: false,
      },
      { name: named('REST throughput through / straight'), unit: '%', samples: shares, lowerIsBetter: false },
      { name: named('launcher CPU per request through the ingress'), unit: 'µs', samples: launcherCpu },
      { name: named('runtime CPU per request through the ingress'), unit: 'µs', samples: runtimeCpu },
      { name: named('launcher CPU / runtime CPU per request'), unit: '%', samples: cpuShares },
      {
        name: named(`socket frames/s through the ingress, ${CONCURRENT_CLIENTS} clients replaying`),
        unit: 'frames/s',
        samples: socketRates,
        lowerIsBetter: false,
      },
      {
        name: named('socket frame throughput through / straight'),
        unit: '%',
        samples: socketShares,
        lowerIsBetter: false,
      },
    ];
  }

  return { round, figures };
}

/** The flags package.json's `start` gives the launcher's node, so the figure is what people run. */
export function npmStartNodeFlags(): string[] {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
  ) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.split(/\s+/);
  return words.slice(
    words.indexOf('node') + 1,
    words.findIndex((word) => word.endsWith('agent-workbench.mjs')),
  );
}

/** The request both sides answer: the smallest JSON read, so the figure is the ingress's own cost. */
const PROBE_PATH = '/server_info';

async function medianLatencyMs(base: string, headers: Record<string, string>): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  for (let index = 0; index < SEQUENTIAL_REQUESTS; index++) {
    const started = performance.now();
    await get(base, headers, agent);
    samples.push(performance.now() - started);
  }
  agent.destroy();
  return median(samples);
}

function median(samples: number[]): number {
  return summarizeSamples(samples).median;
}

async function requestsPerSecond(
  base: string,
  headers: Record<string, string>,
): Promise<{ rate: number; answered: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT_CLIENTS });
  let answered = 0;
  const started = performance.now();
  const until = started + THROUGHPUT_WINDOW_MS;
  await Promise.all(
    Array.from({ length: CONCURRENT_CLIENTS }, async () => {
      while (performance.now() < until) {
        await get(base, headers, agent);
        answered++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { rate: answered / seconds, answered };
}

function get(base: string, headers: Record<string, string>, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${PROBE_PATH}`, { agent, headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${PROBE_PATH} answered ${response.statusCode}`));
      response.resume();
      response.on('end', resolve);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Frames per second received by 16 new sockets replaying the conversation at once, each to its end. */
async function framesPerSecond(base: string, conversationId: string, key: string): Promise<number> {
  const started = performance.now();
  const frames = await Promise.all(
    Array.from({ length: CONCURRENT_CLIENTS }, () => replayFrames(base, conversationId, key)),
  );
  return frames.reduce((sum, count) => sum + count, 0) / ((performance.now() - started) / 1000);
}

/** The frames a new socket (our `/sockets/session`) receives until every event its sync frame announced. */
function replayFrames(base: string, conversationId: string, key: string): Promise<number> {
  const url = `${base.replace(/^http/, 'ws')}/sockets/session/${conversationId}?after_seq=-1`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { 'X-Session-API-Key': key } });
    let through = Number.POSITIVE_INFINITY;
    let frames = 0;
    socket.on('message', (data) => {
      frames++;
      const frame = JSON.parse(String(data)) as { type: string; seq?: number; through_seq?: number };
      if (frame.type === 'sync') through = frame.through_seq ?? through;
      if (frame.type !== 'durable' || frame.seq !== through) return;
      socket.close();
      resolve(frames);
    });
    socket.on('error', reject);
  });
}

/** A conversation holding about SOCKET_EVENTS events: user messages that start no run. */
async function seedConversation(base: string, key: string): Promise<string> {
  const headers = { 'Content-Type': 'application/json', 'X-Session-API-Key': key };
  const created = await fetch(`${base}/api/conversations`, { method: 'POST', headers, body: '{}' });
  if (!created.ok) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (let sent = 0; sent < SOCKET_EVENTS; sent += 10) {
    const batch = Array.from({ length: Math.min(10, SOCKET_EVENTS - sent) }, (_, index) =>
      fetch(`${base}/api/conversations/${id}/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          role: 'user',
          content: [{ type: 'text', text: `note ${sent + index}` }],
          run: false,
        }),
      }).then((response) => {
        if (!response.ok) throw new Error(`append answered ${response.status}`);
      }),
    );
    await Promise.all(batch);
  }
  return id;
}
