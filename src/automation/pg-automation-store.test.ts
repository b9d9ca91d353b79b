import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgCluster, startPgCluster } from '../runtime/store/testing/start-pg-cluster';
import { AUTOMATION_PG_MIGRATIONS } from './automation-pg-migrations';
import { describeAutomationStoreContract } from './automation-store-contract';
import { migrateAutomationPg } from './migrate-automation-pg';
import { openPgAutomationStore } from './pg-automation-store';

// One throwaway cluster for this file, a fresh database for every test. Without PostgreSQL's
// binaries startPgCluster throws: these tests fail, never skip.
let cluster: PgCluster;
let databases = 0;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

const freshDatabase = async () => {
  databases += 1;
  return cluster.createDatabase(`automations_${databases}`);
};

describeAutomationStoreContract('postgresql', async () => {
  const url = await freshDatabase();
  return () => openPgAutomationStore(url);
});

describe('postgresql automation store', () => {
  it('services starting together migrate once, under the lock, into a version table of their own', async () => {
    const url = await freshDatabase();
    const stores = await Promise.all([1, 2, 3].map(() => openPgAutomationStore(url)));
    await Promise.all(stores.map((store) => store.close()));
    const rows = await query(url, 'SELECT version, name FROM automation_schema_migrations ORDER BY version');
    expect(rows).toEqual([
      { version: 1, name: 'automations and their runs' },
      { version: 2, name: 'refused webhook calls counted on a summary run' },
    ]);
    const tables = await query(
      url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'automation_runs',
      'automation_schema_migrations',
      'automations',
    ]);
  });

  it('refuses tables a newer version wrote, changing nothing, and closes its connections', async () => {
    const url = await freshDatabase();
    await (await openPgAutomationStore(url)).close();
    await query(url, "INSERT INTO automation_schema_migrations VALUES (99, 'future', '2030-01-01')");
    await expect(openPgAutomationStore(url)).rejects.toThrow(
      /schema version 99, but this version of Agent Workbench knows only up to 2: upgrade it, or point it at another database/,
    );
    const connections = await query(
      url,
      'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    expect(connections).toEqual([{ count: 0 }]);
  });

  it('a database of the first version keeps its runs, each with no refused calls', async () => {
    const url = await freshDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrateAutomationPg(client, AUTOMATION_PG_MIGRATIONS.slice(0, 1));
      await client.query(`INSERT INTO automations VALUES ('a', '{}', NULL, 't', 't', NULL)`);
      await client.query(
        `INSERT INTO automation_runs VALUES ('r', 'a', 'manual', 'started', 'c', NULL, 't', NULL)`,
      );
    } finally {
      await client.end();
    }
    const store = await openPgAutomationStore(url);
    expect(await store.listRuns('a', 10)).toMatchObject([{ id: 'r', status: 'started', refused_calls: 0 }]);
    await store.close();
  });

  it('a server that cannot be reached is an error at open', async () => {
    await expect(openPgAutomationStore('postgres://nobody@127.0.0.1:1/none')).rejects.toThrow(/ECONNREFUSED/);
  });
});

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
