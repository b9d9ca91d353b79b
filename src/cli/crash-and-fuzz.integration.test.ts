import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type PgCluster, startPgCluster } from '../runtime/store/testing/start-pg-cluster';
import { crashRun } from './testing/crash-run';
import { answerProblem, malformedRequest } from './testing/malformed-requests';
import { rawRequest } from './testing/raw-request';
import { startTestWorkbench, type TestWorkbench } from './testing/start-test-workbench';

/**
 * The crash-and-fuzz run kept as a test, with small counts (the long run is
 * scripts/bench/crash-fuzz.bench.ts): runtimes killed with SIGKILL in the middle of busy
 * conversations lose no acknowledged event, and malformed requests through the ingress and straight
 * at the runtime get clean 4xx answers that never echo the key.
 */
let workbench: TestWorkbench;
beforeAll(async () => {
  workbench = await startTestWorkbench();
}, 60_000);
afterAll(async () => workbench?.cleanup());

describe('the crash-and-fuzz run (SQLite, one runtime)', () => {
  it('keeps every acknowledged event at its seq through three SIGKILLs of the runtime mid-append', async () => {
    const result = await crashRun(workbench, { conversations: 4, kills: 3, appendsBetweenKills: 20 });
    expect(result.acknowledged).toBeGreaterThanOrEqual(60);
    expect(result).toMatchObject({ lost: [], moved: [], gaps: [] });
  }, 120_000);

  it('answers a few hundred malformed requests, through the ingress and at the runtime, with clean 4xx', async () => {
    const runtimeBefore = workbench.runtimePid();
    const targets = [
      { port: workbench.port, host: `127.0.0.1:${workbench.port}` },
      { port: workbench.runtimePort, host: `127.0.0.1:${workbench.runtimePort}` },
    ];
    await fc.assert(
      fc.asyncProperty(
        malformedRequest(workbench.sessionKey),
        fc.constantFrom(...targets),
        async (request, target) => {
          const response = await rawRequest(target.port, {
            method: request.method,
            path: request.path,
            headers: { ...request.headers, host: target.host },
            ...(request.body === undefined ? {} : { body: request.body }),
          });
          const problem = answerProblem(response, workbench.sessionKey);
          expect(
            problem,
            `${request.method} ${request.path.slice(0, 120)} on ${target.port}`,
          ).toBeUndefined();
        },
      ),
      { numRuns: 300, seed: 20_260_101 },
    );
    expect(workbench.runtimePid()).toBe(runtimeBefore);
    const health = await fetch(`${workbench.url}/health`);
    expect(health.status).toBe(200);
  }, 60_000);

  it('carries a 2 MiB message frame through the ingress to the session socket', async () => {
    const created = await fetch(`${workbench.url}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-api-key': workbench.sessionKey },
      body: '{}',
    });
    const { id } = (await created.json()) as { id: string };
    const socket = new WebSocket(`${workbench.url.replace('http', 'ws')}/sockets/session/${id}`, {
      headers: { 'x-session-api-key': workbench.sessionKey, origin: workbench.url },
    });
    const text = 'y'.repeat(2 * 1024 * 1024);
    const appended = new Promise<number>((resolve, reject) => {
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; seq?: number; event?: { kind: string } };
        if (frame.type === 'sync')
          socket.send(JSON.stringify({ type: 'message', content: [{ type: 'text', text }] }));
        if (frame.type === 'durable' && frame.event?.kind === 'MessageEvent') resolve(frame.seq ?? -1);
        if (frame.type === 'error') reject(new Error(String(data)));
      });
      socket.on('close', (code) => reject(new Error(`closed ${code}`)));
    });
    expect(await appended).toBeGreaterThanOrEqual(0);
    socket.terminate();
  }, 30_000);
});

describe('the crash part on PostgreSQL with two runtimes', () => {
  let cluster: PgCluster;
  let shared: TestWorkbench;
  beforeAll(async () => {
    cluster = await startPgCluster();
    shared = await startTestWorkbench({
      args: ['--runtimes', '2', '--database-url', await cluster.createDatabase('crash_fuzz')],
      env: { AGENT_WORKBENCH_DATABASE_URL: '', AGENT_WORKBENCH_LEASE_TTL_MS: '1500' },
      readyTimeoutMs: 60_000,
    });
  }, 90_000);
  afterAll(async () => {
    await shared?.cleanup();
    cluster?.stop();
  });

  it('keeps every acknowledged event at its seq through two SIGKILLs of a runtime mid-append', async () => {
    const result = await crashRun(shared, {
      conversations: 4,
      kills: 2,
      appendsBetweenKills: 20,
      runtimes: 2,
    });
    expect(result.acknowledged).toBeGreaterThanOrEqual(40);
    expect(result).toMatchObject({ lost: [], moved: [], gaps: [] });
  }, 120_000);
});
