import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestWorkbench, type TestWorkbench } from '../../src/cli/testing/start-test-workbench';
import { startPgCluster } from '../../src/runtime/store/testing/start-pg-cluster';
import { startMockLLM } from '../mock-llm/mock-llm-server';
import type { BenchFigure } from './bench-figure';

const ROUNDS = 4;

/**
 * Failover through the real launcher: two runtimes on one PostgreSQL database (durable, default
 * leases of 15 s), a conversation mid-run (its second model call hangs), its runtime SIGKILLed. The
 * figure is the time from the kill to the conversation answering through the ingress again,
 * recovered (status `error`, the interrupted action explained) by whichever runtime took it. Each
 * round waits until the killed runtime is back before the next, so every kill finds two runtimes.
 */
export default async function failoverBenchmark(): Promise<BenchFigure[]> {
  const cluster = await startPgCluster({ durable: true });
  const mockLlm = await startMockLLM({ script: { turns: [] } });
  let workbench: TestWorkbench | undefined;
  try {
    const databaseUrl = await cluster.createDatabase('failover');
    workbench = await startTestWorkbench({
      args: ['--runtimes', '2', '--database-url', databaseUrl],
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: mockLlm.url, LLM_MODEL: 'mock-model' },
      readyTimeoutMs: 60_000,
    });
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      mockLlm.setScript({
        turns: [
          { tool_calls: [{ name: 'terminal', arguments: { command: 'echo hi', summary: 'Say hi' } }] },
          { fail: 'hang' },
        ],
      });
      samples.push(await killOwnerMidRun(workbench, databaseUrl, round));
      process.stderr.write(`  round ${round + 1}: ${samples.at(-1)?.toFixed(0)} ms\n`);
      await bothRuntimesUp(workbench);
    }
    return [
      {
        name: 'failover: SIGKILLed owner to its conversation answering again (2 runtimes)',
        unit: 'ms',
        samples,
      },
    ];
  } finally {
    await workbench?.cleanup();
    await mockLlm.close();
    cluster.stop();
  }
}

async function killOwnerMidRun(
  workbench: TestWorkbench,
  databaseUrl: string,
  round: number,
): Promise<number> {
  const api = async (path: string, body?: unknown) => {
    const response = await fetch(`${workbench.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Session-API-Key': workbench.sessionKey },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const id = String((await api('/api/conversations', { title: `failover ${round}` })).body.id);
  await api(`/api/conversations/${id}/events`, {
    role: 'user',
    content: [{ type: 'text', text: 'go' }],
    run: true,
  });
  // Mid-run: the tool's observation is recorded and the next model call hangs.
  for (;;) {
    const page = await api(`/api/conversations/${id}/events/search?limit=100`);
    const items = (page.body.items ?? []) as Array<{ kind: string }>;
    if (items.some((event) => event.kind === 'ObservationEvent')) break;
    await sleep(20);
  }
  const pid = await ownerPid(databaseUrl, id);
  const killed = performance.now();
  process.kill(pid, 'SIGKILL');
  for (;;) {
    const found = await api(`/api/conversations/${id}`).catch(() => undefined);
    if (found?.status === 200 && found.body.execution_status === 'error') return performance.now() - killed;
    await sleep(10);
  }
}

/** The pid in the owner id of the conversation's lease (`<host>:<pid>:<random>`). */
async function ownerPid(databaseUrl: string, id: string): Promise<number> {
  const rows = await query<{ owner: string }>(
    databaseUrl,
    'SELECT owner FROM conversation_leases WHERE conversation_id = $1',
    [id],
  );
  const pid = Number(rows[0]?.owner.split(':').at(-2));
  if (!Number.isInteger(pid)) throw new Error(`no lease holder for ${id}`);
  return pid;
}

/** Until both runtimes answer their health check again (the killed one restarted). */
async function bothRuntimesUp(workbench: TestWorkbench): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answers = await Promise.all(
      [0, 1].map((index) =>
        fetch(`http://127.0.0.1:${workbench.runtimePort + index}/server_info`)
          .then((response) => response.ok)
          .catch(() => false),
      ),
    );
    if (answers.every(Boolean)) return;
    await sleep(100);
  }
  throw new Error('the killed runtime did not come back');
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[]): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}
