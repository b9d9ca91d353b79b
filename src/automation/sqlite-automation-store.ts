import Database from 'better-sqlite3';
import { type AutomationRow, automationFromRow, automationToRow } from './automation-row';
import type { RunRecord } from './automation-record';
import type { AutomationStore } from './automation-store';
import { migrateAutomationSqlite } from './migrate-automation-sqlite';

/**
 * The automation store in the data dir's SQLite file, beside the runtime's tables. Each method is one
 * synchronous statement or transaction (durable, synchronous=FULL) wrapped in a settled promise.
 * Throws (opening) for a broken file or tables a newer version wrote.
 */
export function openSqliteAutomationStore(path: string): AutomationStore {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // The runtime writes the same file: wait for its transactions instead of failing with SQLITE_BUSY.
    db.pragma('busy_timeout = 5000');
    migrateAutomationSqlite(db);
    return createStatements(db);
  } catch (error) {
    db.close();
    throw error;
  }
}

const RUN_COLUMNS =
  'id, automation_id, trigger, status, conversation_id, reason, created_at, scheduled_for, refused_calls';

function createStatements(db: Database.Database): AutomationStore {
  const selectAll = db.prepare('SELECT * FROM automations ORDER BY created_at, id');
  const selectOne = db.prepare('SELECT * FROM automations WHERE id = ?');
  // Not INSERT OR REPLACE: that deletes the old row first, and the cascade takes its run history along.
  const upsert = db.prepare(
    `INSERT INTO automations (id, definition, webhook_token, created_at, updated_at, next_run_at)
     VALUES (@id, @definition, @webhook_token, @created_at, @updated_at, @next_run_at)
     ON CONFLICT (id) DO UPDATE SET definition = excluded.definition, webhook_token = excluded.webhook_token,
       created_at = excluded.created_at, updated_at = excluded.updated_at, next_run_at = excluded.next_run_at`,
  );
  const remove = db.prepare('DELETE FROM automations WHERE id = ?');
  const insertRun = db.prepare(
    `INSERT INTO automation_runs (${RUN_COLUMNS})
     VALUES (@id, @automation_id, @trigger, @status, @conversation_id, @reason, @created_at, @scheduled_for, @refused_calls)`,
  );
  const updateRun = db.prepare(
    'UPDATE automation_runs SET status = ?, conversation_id = coalesce(?, conversation_id), reason = ? WHERE id = ?',
  );
  const selectRuns = db.prepare(
    `SELECT ${RUN_COLUMNS} FROM automation_runs WHERE automation_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?`,
  );
  const selectLastStarted = db.prepare(
    `SELECT ${RUN_COLUMNS} FROM automation_runs WHERE automation_id = ? AND status = 'started'
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const selectRun = db.prepare(`SELECT ${RUN_COLUMNS} FROM automation_runs WHERE id = ?`);
  const countRuns = db.prepare('SELECT count(*) AS count FROM automation_runs WHERE automation_id = ?');
  const updateRefused = db.prepare('UPDATE automation_runs SET refused_calls = ? WHERE id = ?');
  const failPending = db.prepare(
    `UPDATE automation_runs SET status = 'failed', reason = ? WHERE status = 'pending'`,
  );

  return {
    list: async () => (selectAll.all() as AutomationRow[]).map(automationFromRow),
    get: async (id) => {
      const row = selectOne.get(id) as AutomationRow | undefined;
      return row ? automationFromRow(row) : undefined;
    },
    save: async (record) => {
      upsert.run(automationToRow(record));
    },
    delete: async (id) => remove.run(id).changes > 0,
    addRun: async (run) => {
      insertRun.run(run);
    },
    settleRun: async (id, outcome) => {
      updateRun.run(outcome.status, outcome.conversation_id ?? null, outcome.reason ?? null, id);
    },
    countRefusedCalls: async (id, count) => {
      updateRefused.run(count, id);
    },
    listRuns: async (automationId, limit) => selectRuns.all(automationId, limit) as RunRecord[],
    lastRun: async (automationId) => (selectRuns.all(automationId, 1) as RunRecord[])[0],
    getRun: async (id) => selectRun.get(id) as RunRecord | undefined,
    countRuns: async (automationId) => (countRuns.get(automationId) as { count: number }).count,
    lastStartedRun: async (automationId) => selectLastStarted.get(automationId) as RunRecord | undefined,
    failPendingRuns: async (reason) => failPending.run(reason).changes,
    close: async () => {
      db.close();
    },
  };
}
