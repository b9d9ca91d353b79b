import type { AutomationMigration } from './automation-migrations';

/**
 * The automation tables in PostgreSQL, in the database the runtime keeps its conversations in:
 * the same tables and columns as in SQLite (automation-migrations.ts), versioned apart from the
 * runtime's schema (its table is schema_migrations; this one's is automation_schema_migrations).
 * `position` stands in for SQLite's rowid: runs made in the same millisecond keep their order.
 * Append only: a released migration never changes.
 */
export const AUTOMATION_PG_MIGRATIONS: readonly AutomationMigration[] = [
  {
    version: 1,
    name: 'automations and their runs',
    sql: `
      CREATE TABLE automations (
        id TEXT PRIMARY KEY,
        definition TEXT NOT NULL,
        webhook_token TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        next_run_at TEXT
      );
      CREATE TABLE automation_runs (
        id TEXT PRIMARY KEY,
        automation_id TEXT NOT NULL REFERENCES automations (id) ON DELETE CASCADE,
        "trigger" TEXT NOT NULL,
        status TEXT NOT NULL,
        conversation_id TEXT,
        reason TEXT,
        created_at TEXT NOT NULL,
        scheduled_for TEXT,
        position BIGINT GENERATED ALWAYS AS IDENTITY
      );
      CREATE INDEX automation_runs_by_automation ON automation_runs (automation_id, created_at, position);
    `,
  },
  {
    version: 2,
    name: 'refused webhook calls counted on a summary run',
    sql: 'ALTER TABLE automation_runs ADD COLUMN refused_calls INTEGER NOT NULL DEFAULT 0;',
  },
];
