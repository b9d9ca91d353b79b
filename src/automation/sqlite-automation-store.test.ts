import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { describeAutomationStoreContract } from './automation-store-contract';
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
  it('keeps its own version table beside the runtime`s and refuses tables a newer version wrote', async () => {
    const path = freshPath();
    await (await openSqliteAutomationStore(path)).close();
    const db = new Database(path);
    expect(db.prepare('SELECT max(version) AS version FROM automation_schema_migrations').get()).toEqual({
      version: 1,
    });
    db.prepare("INSERT INTO automation_schema_migrations VALUES (99, 'future', '2030-01-01')").run();
    db.close();
    expect(() => openSqliteAutomationStore(path)).toThrow(
      /schema version 99, but this version of Agent Workbench knows only up to 1: upgrade it, or use another data dir/,
    );
  });
});
