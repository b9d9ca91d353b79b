import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestWorkbench, type TestWorkbench } from '../../src/cli/testing/start-test-workbench';
import { startPgCluster } from '../../src/runtime/store/testing/start-pg-cluster';
import { startMockLLM } from '../mock-llm/mock-llm-server';
import type { BenchFigure } from './bench-figure';

const RUNTIME_COUNTS = [1, 2, 4];
const CONVERSATIONS = 16;
const RUNS_PER_CONVERSATION = 4;
const ROUNDS = 5;

/**
 * Throughput of the whole workbench with 1, 2 and 4 runtimes on one PostgreSQL database (durable, on
 * this machine), through the real launcher and ingress: 16 conversations at once, each running 4 runs
 * one after the other; a run is one model call answered with the `finish` tool, about eight durable
 * events. The figure is completed runs per second over the whole batch, five batches (after one that
 * warms up) per runtime count. The mock model answers at once, so this measures the runtimes, the ingress and the
 * database, not a provider. On a machine with fewer cores than runtimes the extra processes compete
 * for the same CPUs: read the figures beside the core count printed with them.
 */
export default async function runtimesBenchmark(): Promise<BenchFigure[]> {
  process.stderr.write(`  ${availableParallelism()} CPU core(s)\n`);
  const cluster = await startPgCluster({ durable: true });
  const mockLlm = await startMockLLM({
    script: { turns: [], fallback: { tool_calls: [{ name: 'finish', arguments: { message: 'Done.' } }] } },
  });
  const figures: BenchFigure[] = [];
  try {
    for (const count of RUNTIME_COUNTS) {
      const databaseUrl = await cluster.createDatabase(`runtimes_${count}`);
      const workbench = await startTestWorkbench({
        args: ['--runtimes', String(count), '--database-url', databaseUrl],
        env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: mockLlm.url, LLM_MODEL: 'mock-model' },
        readyTimeoutMs: 60_000,
      });
      try {
        // One batch first, not counted: the first runs load code, start sandboxes and warm the JIT.
        await runBatch(workbench);
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round++) samples.push(await runBatch(workbench));
        process.stderr.write(
          `  ${count} runtime(s): ${samples.map((rate) => rate.toFixed(1)).join(', ')} runs/s\n`,
        );
        figures.push({
          name: `runtimes: ${count} runtime${count > 1 ? 's' : ''}, ${CONVERSATIONS} conversations at once`,
          unit: 'runs/s',
          samples,
          lowerIsBetter: false,
        });
      } finally {
        await workbench.cleanup();
      }
    }
  } finally {
    await mockLlm.close();
    await cluster.stop();
  }
  return figures;
}

async function runBatch(workbench: TestWorkbench): Promise<number> {
  const api = (path: string, body?: unknown) =>
    fetch(`${workbench.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Session-API-Key': workbench.sessionKey },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then(async (response) => {
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    });
  const ids = await Promise.all(
    Array.from({ length: CONVERSATIONS }, async (_, index) =>
      String((await api('/api/conversations', { title: `bench ${index}` })).id),
    ),
  );
  const started = performance.now();
  await Promise.all(
    ids.map(async (id) => {
      for (let run = 0; run < RUNS_PER_CONVERSATION; run++) {
        await api(`/api/conversations/${id}/events`, {
          role: 'user',
          content: [{ type: 'text', text: `task ${run}` }],
          run: true,
        });
        await waitUntilFinished(api, id);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return (CONVERSATIONS * RUNS_PER_CONVERSATION) / seconds;
}

async function waitUntilFinished(
  api: (path: string) => Promise<Record<string, unknown>>,
  id: string,
): Promise<void> {
  for (let attempt = 0; attempt < 6_000; attempt++) {
    const status = (await api(`/api/conversations/${id}`)).execution_status;
    if (status === 'finished') return;
    if (status === 'error' || status === 'stuck')
      throw new Error(`conversation ${id} ended ${String(status)}`);
    await sleep(20);
  }
  throw new Error(`conversation ${id} did not finish`);
}
