import Database from 'better-sqlite3';
import { AUTOMATION_MIGRATIONS, type AutomationMigration } from './automation-migrations';
import type { AutomationRecord, RunRecord, RunStatus } from './automation-record';
import type { CreateAutomation } from './automation-schemas';

/**
 * Automations and their run history in the data dir's database, beside the runtime's tables. Every
 * method is one synchronous statement or transaction: durable when it returns. Throws only for a
 * broken database (or one migrated by a newer version, with a message saying so).
 */
export interface AutomationStore {
  list(): AutomationRecord[];
  get(id: string): AutomationRecord | undefined;
  /** Inserts or replaces the whole record. */
  save(record: AutomationRecord): void;
  /** Deletes the automation and its run history; false when there was none. */
  delete(id: string): boolean;
  addRun(run: RunRecord): void;
  settleRun(
    id: string,
    outcome: { status: RunStatus; conversation_id?: string | null; reason?: string | null },
  ): void;
  /** Newest first. */
  listRuns(automationId: string, limit: number): RunRecord[];
  lastRun(automationId: string): RunRecord | undefined;
  lastStartedRun(automationId: string): RunRecord | undefined;
  /** Runs left pending by a service that stopped mid-attempt become failed with this reason. */
  failPendingRuns(reason: string): number;
  close(): void;
}

export function openAutomationStore(path: string): AutomationStore {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // The runtime writes the same file: wait for its transactions instead of failing with SQLITE_BUSY.
  db.pragma('busy_timeout = 5000');
  migrateAutomationTables(db);
  return createStatements(db);
}

export function migrateAutomationTables(
  db: Database.Database,
  migrations: readonly AutomationMigration[] = AUTOMATION_MIGRATIONS,
): void {
  db.exec(`CREATE TABLE IF NOT EXISTS automation_schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const row = db.prepare('SELECT max(version) AS version FROM automation_schema_migrations').get() as {
    version: number | null;
  };
  const current = row.version ?? 0;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The automation tables have schema version ${current}, but this version of Agent Workbench knows only up to ${latest}: upgrade it, or use another data dir`,
    );
  }
  const record = db.prepare('INSERT INTO automation_schema_migrations VALUES (?, ?, ?)');
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
  }
}

interface AutomationRow {
  id: string;
  definition: string;
  webhook_token: string | null;
  created_at: string;
  updated_at: string;
  next_run_at: string | null;
}

function createStatements(db: Database.Database): AutomationStore {
  const selectAll = db.prepare('SELECT * FROM automations ORDER BY created_at, id');
  const selectOne = db.prepare('SELECT * FROM automations WHERE id = ?');
  const upsert = db.prepare(
    `INSERT OR REPLACE INTO automations (id, definition, webhook_token, created_at, updated_at, next_run_at)
     VALUES (@id, @definition, @webhook_token, @created_at, @updated_at, @next_run_at)`,
  );
  const remove = db.prepare('DELETE FROM automations WHERE id = ?');
  const insertRun = db.prepare(
    `INSERT INTO automation_runs (id, automation_id, trigger, status, conversation_id, reason, created_at, scheduled_for)
     VALUES (@id, @automation_id, @trigger, @status, @conversation_id, @reason, @created_at, @scheduled_for)`,
  );
  const updateRun = db.prepare(
    'UPDATE automation_runs SET status = ?, conversation_id = coalesce(?, conversation_id), reason = ? WHERE id = ?',
  );
  const selectRuns = db.prepare(
    'SELECT * FROM automation_runs WHERE automation_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
  );
  const selectLastStarted = db.prepare(
    `SELECT * FROM automation_runs WHERE automation_id = ? AND status = 'started'
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const failPending = db.prepare(
    `UPDATE automation_runs SET status = 'failed', reason = ? WHERE status = 'pending'`,
  );

  return {
    list: () => (selectAll.all() as AutomationRow[]).map(toRecord),
    get: (id) => {
      const row = selectOne.get(id) as AutomationRow | undefined;
      return row ? toRecord(row) : undefined;
    },
    save: (record) => upsert.run(toRow(record)),
    delete: (id) => remove.run(id).changes > 0,
    addRun: (run) => insertRun.run(run),
    settleRun: (id, outcome) =>
      updateRun.run(outcome.status, outcome.conversation_id ?? null, outcome.reason ?? null, id),
    listRuns: (automationId, limit) => selectRuns.all(automationId, limit) as RunRecord[],
    lastRun: (automationId) => (selectRuns.all(automationId, 1) as RunRecord[])[0],
    lastStartedRun: (automationId) => selectLastStarted.get(automationId) as RunRecord | undefined,
    failPendingRuns: (reason) => failPending.run(reason).changes,
    close: () => db.close(),
  };
}

function toRecord(row: AutomationRow): AutomationRecord {
  const definition = JSON.parse(row.definition) as CreateAutomation;
  return {
    ...definition,
    id: row.id,
    webhook_token: row.webhook_token,
    created_at: row.created_at,
    updated_at: row.updated_at,
    next_run_at: row.next_run_at,
  };
}

function toRow(record: AutomationRecord): AutomationRow {
  const { id, webhook_token, created_at, updated_at, next_run_at, ...definition } = record;
  return { id, definition: JSON.stringify(definition), webhook_token, created_at, updated_at, next_run_at };
}
