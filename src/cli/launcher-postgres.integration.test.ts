import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../scripts/mock-llm/mock-llm-server';
import { type PgCluster, startPgCluster } from '../runtime/store/testing/start-pg-cluster';
import { startTestWorkbench, type TestWorkbench } from './testing/start-test-workbench';

let cluster: PgCluster;
let mock: MockLLM;
const started: TestWorkbench[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
  mock = await startMockLLM({ script: { turns: [{ text: 'Stored in PostgreSQL.' }] } });
}, 60_000);
afterAll(async () => {
  for (const workbench of started.splice(0)) await workbench.cleanup();
  await mock?.close();
  cluster?.stop();
});

/** The real launcher, its runtime on the given database, the mock as its model. */
async function start(databaseUrl: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const workbench = await startTestWorkbench({
    args,
    env: {
      LLM_PROVIDER: 'openai-compatible',
      LLM_MODEL: 'mock-model',
      LLM_BASE_URL: mock.url,
      LLM_API_KEY: 'mock-key',
      AGENT_WORKBENCH_DATABASE_URL: '',
      ...env,
    },
  });
  started.push(workbench);
  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${workbench.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', 'x-session-api-key': workbench.sessionKey },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { workbench, api, databaseUrl };
}

async function untilFinished(api: Awaited<ReturnType<typeof start>>['api'], id: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await api(`/api/conversations/${id}`)).body.execution_status !== 'finished') {
    if (Date.now() > deadline) throw new Error('the run did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the launcher on PostgreSQL', () => {
  it('keeps conversations in the database given by --database-url, across a restart', async () => {
    const url = await cluster.createDatabase('launcher_flag');
    const first = await start(url, ['--database-url', url]);
    const created = await first.api('/api/conversations', {
      method: 'POST',
      body: {
        title: 'Team conversation',
        initial_message: { role: 'user', content: [{ type: 'text', text: 'Where do you live?' }], run: true },
      },
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    await untilFinished(first.api, id);
    // No conversation in the data dir's SQLite file: it lives in PostgreSQL.
    expect(sqliteTables(join(first.workbench.dataDir, 'workbench.db'))).not.toContain('events');
    await first.workbench.stop();

    const second = await start(url, [], { AGENT_WORKBENCH_DATABASE_URL: url });
    const found = await second.api(`/api/conversations/${id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ title: 'Team conversation', execution_status: 'finished' });
    const events = await second.api(`/api/conversations/${id}/events/search?kind=MessageEvent`);
    const texts = (events.body.items as { llm_message: { content: { text: string }[] } }[]).map(
      (event) => event.llm_message.content[0]?.text,
    );
    expect(texts).toEqual(['Where do you live?', 'Stored in PostgreSQL.']);
    const search = await second.api('/api/conversations/search?q=postgresql');
    expect((search.body.items as { id: string }[]).map((item) => item.id)).toEqual([id]);
  }, 120_000);

  it('keeps automations and their runs in the same database, across a restart, none in the data dir', async () => {
    mock.setScript({ turns: [{ text: 'Automated.' }], fallback: { text: 'Done.' } });
    // The throwaway cluster trusts every local connection: the password is never asked for, only carried.
    const url = withPassword(await cluster.createDatabase('launcher_automations'), PASSWORD);
    const first = await start(url, ['--database-url', url]);
    const created = await first.api('/api/automation/automations', {
      method: 'POST',
      body: { name: 'Nightly summary', workspace: first.workbench.workspace, message: 'Summarise the day' },
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const run = await first.api(`/api/automation/automations/${id}/run`, { method: 'POST' });
    expect(run.body).toMatchObject({ status: 'started' });
    await untilFinished(first.api, String(run.body.conversation_id));

    const stored = await query(url, 'SELECT id, definition FROM automations');
    expect(stored).toEqual([{ id, definition: expect.stringContaining('"name":"Nightly summary"') }]);
    expect(await query(url, 'SELECT automation_id, status, conversation_id FROM automation_runs')).toEqual([
      { automation_id: id, status: 'started', conversation_id: run.body.conversation_id },
    ]);
    const dataDirTables = sqliteTables(join(first.workbench.dataDir, 'workbench.db'));
    expect(dataDirTables.filter((table) => table.startsWith('automation'))).toEqual([]);
    await first.workbench.stop();
    for (const log of ['automations.log', 'runtime.log']) {
      expect(readFileSync(join(first.workbench.dataDir, log), 'utf8')).not.toContain(PASSWORD);
    }

    // Another data dir, the database from the environment: the automation and its history are there.
    const second = await start(url, [], { AGENT_WORKBENCH_DATABASE_URL: url });
    const listed = await second.api('/api/automation/automations');
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id,
        name: 'Nightly summary',
        last_run: expect.objectContaining({ status: 'started', conversation_id: run.body.conversation_id }),
      }),
    ]);
    const conversation = await second.api(`/api/conversations/${String(run.body.conversation_id)}`);
    expect(conversation.body).toMatchObject({
      title: 'Nightly summary',
      tag_list: ['automation', `automation:${id}`],
    });
    expect(
      sqliteTables(join(second.workbench.dataDir, 'workbench.db')).filter((table) =>
        table.startsWith('automation'),
      ),
    ).toEqual([]);
  }, 120_000);

  it('refuses a database URL that is not postgres:// before starting anything', async () => {
    await expect(start('', [], { AGENT_WORKBENCH_DATABASE_URL: 'mysql://db/workbench' })).rejects.toThrow(
      /AGENT_WORKBENCH_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  }, 60_000);
});

const PASSWORD = 'never-in-a-log-7f3a';

function withPassword(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.password = password;
  return url.toString();
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The tables of a SQLite file; none when there is no file. */
function sqliteTables(path: string): string[] {
  if (!existsSync(path)) return [];
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  } finally {
    db.close();
  }
}
