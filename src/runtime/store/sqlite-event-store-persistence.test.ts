import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildView } from '../context/view';
import { agentMessage, newConversation, testId, userMessage } from '../events/fixtures/event-builders';
import type { CorruptRow } from './event-store';
import { expectStoreError } from './expect-store-error';
import { migrateSqlite } from './migrate-sqlite';
import { openSqliteDatabase } from './open-sqlite-database';
import { openSqliteEventStore, sqliteEventStoreOn } from './sqlite-event-store';
import { LATEST_SCHEMA_VERSION, SQLITE_MIGRATIONS } from './sqlite-migrations';

const C = testId(1000);
let directory: string;
let path: string;
beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'sqlite-persistence-'));
  path = join(directory, 'workbench.db');
});
afterEach(async () => rmSync(directory, { recursive: true, force: true }));

async function seedThreeMessages(): Promise<void> {
  const store = openSqliteEventStore(path);
  await store.createConversation(newConversation(1000));
  for (const event of [userMessage(1, 'one'), agentMessage(2, 'two'), userMessage(3, 'three')])
    await store.append(C, event);
  await store.close();
}

describe('sqlite store across restarts', () => {
  it('keeps the leaf and the view after a restart (scenario 36)', async () => {
    await seedThreeMessages();
    const store = openSqliteEventStore(path);
    expect(await store.getConversation(C)).toMatchObject({ leaf_event_id: testId(3), last_seq: 2 });
    expect(buildView(await store.activeBranch(C)).items.map((item) => item.id)).toEqual(
      [1, 2, 3].map(testId),
    );
    await store.close();
  });

  it('keeps a navigation to null across a restart, and the next event is a root (scenario 38)', async () => {
    await seedThreeMessages();
    const before = openSqliteEventStore(path);
    await before.setLeaf(C, null);
    await before.close();
    const after = openSqliteEventStore(path);
    expect(await after.activeBranch(C)).toEqual([]);
    expect((await after.append(C, userMessage(4, 'again'))).parent_id).toBeUndefined();
    await after.close();
  });

  it('uses WAL with synchronous=FULL and foreign keys on', async () => {
    const db = openSqliteDatabase(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});

describe('sqlite schema migrations', () => {
  it('records each applied migration once', async () => {
    openSqliteDatabase(path).close();
    const db = openSqliteDatabase(path);
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(versions).toEqual(SQLITE_MIGRATIONS.map((migration) => migration.version));
    db.close();
  });

  it('applies only the migrations an older database lacks', async () => {
    await seedThreeMessages();
    const db = new Database(path);
    const next = {
      version: LATEST_SCHEMA_VERSION + 1,
      name: 'test column',
      sql: 'ALTER TABLE events ADD COLUMN note TEXT',
    };
    expect(migrateSqlite(db, [...SQLITE_MIGRATIONS, next])).toBe(next.version);
    expect(db.prepare('SELECT count(*) FROM events WHERE note IS NULL').pluck().get()).toBe(3);
    db.close();
  });

  it("brings a first-version database up to date, its events kept, conversations' MCP configs storable and its rows on bubblewrap", async () => {
    await seedThreeMessages();
    // As a first-version runtime left it: no MCP table, no sandbox columns, only migration 1 recorded.
    const old = new Database(path);
    old.exec(`DROP TABLE conversation_mcp_configs;
      ALTER TABLE conversations DROP COLUMN sandbox_kind;
      ALTER TABLE conversations DROP COLUMN sandbox_image;
      DELETE FROM schema_migrations WHERE version > 1`);
    old.close();
    const store = openSqliteEventStore(path);
    expect(await store.readEvents(C)).toHaveLength(3);
    // No sandbox stored: the runtime's default then, bubblewrap (conversation-sandbox-of.ts).
    expect((await store.getConversation(C))?.sandbox).toBeUndefined();
    await store.saveMCPConfig(C, '{"mcpServers":{}}');
    expect(await store.listMCPConfigs()).toEqual([{ conversation_id: C, config: '{"mcpServers":{}}' }]);
    await store.close();
  });

  it('refuses a database written by a newer version, naming both versions', async () => {
    await seedThreeMessages();
    const db = new Database(path);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
      99,
      'future',
      'x',
    );
    db.close();
    await expectStoreError(() => openSqliteEventStore(path), 'newer_schema');
    expect(() => openSqliteEventStore(path)).toThrow(
      new RegExp(`schema version 99.*only up to ${LATEST_SCHEMA_VERSION}\\b`),
    );
  });
});

describe('sqlite bad rows', () => {
  it('skips a corrupt row and an unknown kind, reporting each with conversation and seq', async () => {
    await seedThreeMessages();
    const db = new Database(path);
    db.prepare('UPDATE events SET json = ? WHERE seq = 1').run('{"kind": "MessageEvent", "id": ');
    const unknown = {
      kind: 'TelepathyEvent',
      id: testId(3),
      timestamp: '2025-01-01T00:00:03.000Z',
      source: 'user',
    };
    db.prepare('UPDATE events SET json = ? WHERE seq = 2').run(JSON.stringify(unknown));
    db.close();
    const reports: CorruptRow[] = [];
    const store = openSqliteEventStore(path, { onCorruptRow: (row) => reports.push(row) });
    expect((await store.readEvents(C)).map((event) => event.seq)).toEqual([0]);
    expect((await store.readEvents(C)).map((event) => event.seq)).toEqual([0]);
    expect(reports.map(({ conversationId, seq }) => [conversationId, seq])).toEqual([
      [C, 1],
      [C, 2],
    ]);
    expect(reports[0]?.error).toMatch(/not JSON/);
    expect(reports[1]?.error).toMatch(/kind/);
    expect((await store.activeBranch(C)).map((event) => event.seq)).toEqual([0]);
    expect((await store.findCorruptRows(C)).map((row) => row.seq)).toEqual([1, 2]);
    // The log goes on after a damaged row: seq and the leaf come from columns, not from the JSON.
    expect(await store.append(C, userMessage(4, 'four'))).toMatchObject({ seq: 3, parent_id: testId(3) });
    await store.close();
  });
});

describe('sqlite disk failures', () => {
  it('a full disk during append leaves the log as it was and throws StoreError io', async () => {
    await seedThreeMessages();
    const db = openSqliteDatabase(path);
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    const store = sqliteEventStoreOn(db);
    const before = await store.readEvents(C);
    await expectStoreError(() => store.append(C, userMessage(4, 'x'.repeat(200_000))), 'io');
    await expect(store.append(C, userMessage(4, 'x'.repeat(200_000)))).rejects.toThrow(/SQLITE_FULL/);
    expect(await store.readEvents(C)).toEqual(before);
    expect(await store.getConversation(C)).toMatchObject({ last_seq: 2, leaf_event_id: testId(3) });
    db.pragma(`max_page_count = ${pages * 100}`);
    expect((await store.append(C, userMessage(4, 'x'.repeat(200_000)))).seq).toBe(3);
    await store.close();
  });

  it('a read-only database refuses appends with StoreError io', async () => {
    await seedThreeMessages();
    const store = sqliteEventStoreOn(new Database(path, { readonly: true }));
    await expectStoreError(() => store.append(C, userMessage(4, 'four')), 'io');
    expect(await store.readEvents(C)).toHaveLength(3);
    await store.close();
  });
});

describe('sqlite search index', () => {
  it('indexes a fork under the fork, and rebuilds to the same results', async () => {
    await seedThreeMessages();
    const store = openSqliteEventStore(path);
    await store.fork(C, {
      id: testId(2000),
      fromEventId: testId(2),
      title: 'Side quest',
      created_at: '2025-02-01T00:00:00Z',
      resetStats: true,
    });
    const hits = async () =>
      (await store.listConversations({ q: 'two', limit: 10 })).items.map((item) => [
        item.id,
        item.match?.event_id,
      ]);
    expect(await hits()).toEqual(
      expect.arrayContaining([
        [C, testId(2)],
        [testId(2000), testId(2)],
      ]),
    );
    expect((await store.listConversations({ q: 'three', limit: 10 })).items.map((item) => item.id)).toEqual([
      C,
    ]);
    const before = await hits();
    expect(await store.rebuildSearchIndex()).toBe(2 + 3 + 2);
    expect(await hits()).toEqual(before);
    await store.close();
  });
});
