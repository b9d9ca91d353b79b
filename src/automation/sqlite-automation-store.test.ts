import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTOMATION_MIGRATIONS } from './automation-migrations';
import { describeAutomationStoreContract } from './automation-store-contract';
import { migrateAutomationSqlite } from './migrate-automation-sqlite';
import { openSqliteAutomationStore } from './sqlite-automation-store';

const directory = mkdtempSync(join(tmpdir(), 'sqlite-automation-store-'));
let databases = 0;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const freshPath = () => {
  databases += 1;
  return join(directory, `workbench-${databases}.db`);
};

describeAutomationStoreContract('sqlite', async () => {
  const path = freshPath();
  return async () => openSqliteAutomationStore(path);
});

describe('sqlite automation store', () => {
  it('a file of the first version keeps its runs, each with no refused calls', async () => {
    const path = freshPath();
    const db = new Database(path);
    migrateAutomationSqlite(db, AUTOMATION_MIGRATIONS.slice(0, 1));
    db.exec(`INSERT INTO automations VALUES ('a', '{}', NULL, 't', 't', NULL);
      INSERT INTO automation_runs VALUES ('r', 'a', 'manual', 'started', 'c', NULL, 't', NULL)`);
    db.close();
    const store = openSqliteAutomationStore(path);
    expect(await store.listRuns('a', 10)).toMatchObject([{ id: 'r', status: 'started', refused_calls: 0 }]);
    await store.close();
  });

  it('keeps its own version table beside the runtime`s and refuses tables a newer version wrote', async () => {
    const path = freshPath();
    await (await openSqliteAutomationStore(path)).close();
    const db = new Database(path);
    expect(db.prepare('SELECT max(version) AS version FROM automation_schema_migrations').get()).toEqual({
      version: 2,
    });
    db.prepare("INSERT INTO automation_schema_migrations VALUES (99, 'future', '2030-01-01')").run();
    db.close();
    expect(() => openSqliteAutomationStore(path)).toThrow(
      /schema version 99, but this version of Agent Workbench knows only up to 2: upgrade it, or use another data dir/,
    );
  });
});
