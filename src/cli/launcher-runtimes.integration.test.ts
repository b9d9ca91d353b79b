import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../scripts/mock-llm/mock-llm-server';
import { type PgCluster, startPgCluster } from '../runtime/store/testing/start-pg-cluster';
import { leaseHolderPid } from './testing/lease-holder-pid';
import { waitUntilProcessGone } from './testing/process-gone';
import { startTestWorkbench, type TestWorkbench } from './testing/start-test-workbench';

let cluster: PgCluster;
let mock: MockLLM;
const started: TestWorkbench[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
  mock = await startMockLLM({ script: { turns: [] } });
}, 60_000);
afterAll(async () => {
  for (const workbench of started.splice(0)) await workbench.cleanup();
  await mock?.close();
  cluster?.stop();
});

interface StoredEvent {
  id: string;
  seq: number;
  kind: string;
  code?: string;
}

/** The launcher with `count` runtimes on one database, leases of `leaseMs`, the mock as the model. */
async function startRuntimes(databaseUrl: string, count = 3, leaseMs = 1500) {
  const workbench = await startTestWorkbench({
    args: ['--runtimes', String(count), '--database-url', databaseUrl],
    env: {
      LLM_PROVIDER: 'openai-compatible',
      LLM_MODEL: 'mock-model',
      LLM_BASE_URL: mock.url,
      LLM_API_KEY: 'mock-key',
      AGENT_WORKBENCH_DATABASE_URL: '',
      AGENT_WORKBENCH_LEASE_TTL_MS: String(leaseMs),
    },
    readyTimeoutMs: 60_000,
  });
  started.push(workbench);
  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${workbench.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', 'x-session-api-key': workbench.sessionKey },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  return { workbench, api };
}

type Api = Awaited<ReturnType<typeof startRuntimes>>['api'];

/** Every event of a conversation through the ingress (a 502 while its runtime is down throws). */
async function allEvents(api: Api, id: string): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  let pageId: string | undefined;
  do {
    const page = await api(
      `/api/conversations/${id}/events/search?limit=100${pageId ? `&page_id=${pageId}` : ''}`,
    );
    if (page.status !== 200) throw new Error(`events answered ${page.status}`);
    events.push(...(page.body.items as StoredEvent[]));
    pageId = (page.body.next_page_id as string | null) ?? undefined;
  } while (pageId);
  return events;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first frame of a conversation's session socket opened through the ingress. */
function firstFrame(workbench: TestWorkbench, id: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${workbench.url.replace('http', 'ws')}/sockets/session/${id}?after_seq=-1`,
      {
        headers: { 'x-session-api-key': workbench.sessionKey, origin: workbench.url },
      },
    );
    socket.on('message', (data) => {
      resolve(JSON.parse(String(data)));
      socket.close();
    });
    socket.on('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade answered ${response.statusCode}`)),
    );
    socket.on('error', reject);
  });
}

const message = (text: string) => ({ role: 'user', content: [{ type: 'text', text }], run: true });

describe('the launcher with several runtimes on PostgreSQL', () => {
  it('refuses --runtimes above 1 without a PostgreSQL database', async () => {
    await expect(
      startTestWorkbench({ args: ['--runtimes', '2'], env: { AGENT_WORKBENCH_DATABASE_URL: '' } }),
    ).rejects.toThrow(/--runtimes above 1 needs --database-url/);
  }, 60_000);

  it('loses no acknowledged event when a runtime is killed mid-run, and serves its conversation again', async () => {
    const databaseUrl = await cluster.createDatabase('three_runtimes');
    const { api, workbench } = await startRuntimes(databaseUrl);
    mock.setScript({
      turns: [
        { tool_calls: [{ name: 'terminal', arguments: { command: 'echo step one', summary: 'Say it' } }] },
        { fail: 'hang' },
        { text: 'Carried on after the failover.' },
      ],
      fallback: { text: 'Done.' },
    });
    // Conversations go round the runtimes: three of them land on three processes.
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      const created = await api('/api/conversations', { method: 'POST', body: { title } });
      expect(created.status).toBe(201);
      ids.push(String(created.body.id));
    }
    const owners = await Promise.all(
      ids.map((id) => api(`/api/conversations/${id}`).then(() => leaseHolderPid(databaseUrl, id))),
    );
    expect(new Set(owners).size).toBe(3);
    // Each conversation's socket reaches its runtime through the ingress.
    for (const conversation of ids)
      expect(await firstFrame(workbench, conversation)).toMatchObject({ type: 'sync' });

    const id = ids[0] as string;
    expect(
      (await api(`/api/conversations/${id}/events`, { method: 'POST', body: message('go') })).status,
    ).toBe(200);
    // Mid-run: the tool ran and was recorded, the second model call hangs.
    await until('the tool observation', async () => {
      const events = await allEvents(api, id);
      return events.some((event) => event.kind === 'ObservationEvent') ? true : undefined;
    });
    const acknowledged = await allEvents(api, id);
    const pid = await leaseHolderPid(databaseUrl, id);
    expect(pid).toBeDefined();
    process.kill(pid as number, 'SIGKILL');
    await waitUntilProcessGone(pid as number, 5_000);

    // Served again (by another runtime after the lease ran out, or by the restarted one), recovered.
    const recovered = await until('the conversation recovered', async () => {
      const found = await api(`/api/conversations/${id}`);
      return found.status === 200 && found.body.execution_status === 'error' ? found.body : undefined;
    });
    expect(recovered.execution_status).toBe('error');
    const after = await allEvents(api, id);
    // Every acknowledged event is there, unchanged, at its seq; what follows explains the interruption.
    expect(after.slice(0, acknowledged.length)).toEqual(acknowledged);
    expect(after.map((event) => event.seq)).toEqual(after.map((_, index) => index));
    expect(after.find((event) => event.kind === 'ConversationErrorEvent')?.code).toBe('RuntimeRestarted');

    // The others were never interrupted, and the recovered one runs on.
    for (const other of ids.slice(1)) expect((await api(`/api/conversations/${other}`)).status).toBe(200);
    expect(
      (await api(`/api/conversations/${id}/events`, { method: 'POST', body: message('carry on') })).status,
    ).toBe(200);
    await until('the run after the failover', async () => {
      const found = await api(`/api/conversations/${id}`);
      return found.body.execution_status === 'finished' ? true : undefined;
    });
    const texts = JSON.stringify(await allEvents(api, id));
    expect(texts).toContain('Carried on after the failover.');
    const newOwner = await leaseHolderPid(databaseUrl, id);
    expect(newOwner).not.toBe(pid);
  }, 150_000);

  it('moves a SIGKILLed runtime’s conversation to the other runtime through its lock, not its lease expiry', async () => {
    const databaseUrl = await cluster.createDatabase('lock_failover');
    // Leases of ten minutes: only the lock that died with the process can explain a takeover.
    const { api } = await startRuntimes(databaseUrl, 2, 600_000);
    mock.setScript({
      turns: [
        { tool_calls: [{ name: 'terminal', arguments: { command: 'echo before', summary: 'Say it' } }] },
        { fail: 'hang' },
      ],
      fallback: { text: 'Answered by the other runtime.' },
    });
    const created = await api('/api/conversations', { method: 'POST', body: { title: 'failover' } });
    const id = String(created.body.id);
    expect(
      (await api(`/api/conversations/${id}/events`, { method: 'POST', body: message('go') })).status,
    ).toBe(200);
    await until('the tool observation', async () =>
      (await allEvents(api, id)).some((event) => event.kind === 'ObservationEvent') ? true : undefined,
    );
    const before = await leaseOf(databaseUrl, id);
    expect(before).toMatchObject({ live: true, lockHeld: true });
    const pid = await leaseHolderPid(databaseUrl, id);
    process.kill(pid as number, 'SIGKILL');
    await waitUntilProcessGone(pid as number, 5_000);

    const recovered = await until('the conversation recovered elsewhere', async () => {
      const found = await api(`/api/conversations/${id}`);
      return found.status === 200 && found.body.execution_status === 'error' ? found.body : undefined;
    });
    expect(recovered.execution_status).toBe('error');
    const after = await leaseOf(databaseUrl, id);
    // The other runtime holds it now, under its own lock, while the dead one's lease had minutes left.
    expect(after.ownerUrl).not.toBe(before.ownerUrl);
    expect(after).toMatchObject({ live: true, lockHeld: true });
    expect(after.takenBeforeExpiryOf(before)).toBe(true);
    expect((await allEvents(api, id)).find((event) => event.kind === 'ConversationErrorEvent')?.code).toBe(
      'RuntimeRestarted',
    );
    // And it answers from there.
    expect(
      (await api(`/api/conversations/${id}/events`, { method: 'POST', body: message('again') })).status,
    ).toBe(200);
    await until('the answer after the failover', async () =>
      JSON.stringify(await allEvents(api, id)).includes('Answered by the other runtime.') ? true : undefined,
    );
  }, 150_000);
});

/** The conversation's lease row and whether some session holds its advisory lock, read directly. */
async function leaseOf(databaseUrl: string, conversationId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      owner_url: string;
      expires_ms: number;
      live: boolean;
      lock_held: boolean;
      now_ms: number;
    }>(
      `SELECT l.owner_url, extract(epoch FROM l.expires_at) * 1000 AS expires_ms, l.expires_at > now() AS live,
         extract(epoch FROM now()) * 1000 AS now_ms,
         EXISTS (SELECT 1 FROM pg_locks k WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 1
           AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND k.classid::bigint = (l.lock_key >> 32) & 4294967295
           AND k.objid::bigint = l.lock_key & 4294967295) AS lock_held
       FROM conversation_leases l WHERE l.conversation_id = $1`,
      [conversationId],
    );
    const row = rows[0];
    if (!row) throw new Error(`no lease for ${conversationId}`);
    return {
      ownerUrl: row.owner_url,
      live: row.live,
      lockHeld: row.lock_held,
      expiresMs: Number(row.expires_ms),
      /** Read now: this lease was taken while `earlier` still had time left. */
      takenBeforeExpiryOf: (earlier: { expiresMs: number }) => Number(row.now_ms) < earlier.expiresMs,
    };
  } finally {
    await client.end();
  }
}
