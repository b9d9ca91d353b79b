/** One step of the automation tables' schema, applied once, in order, in its own transaction. */
export interface AutomationMigration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The automation service's own schema in the data dir's SQLite file, versioned apart from the
 * runtime's (its table is schema_migrations; this one's is automation_schema_migrations), so either
 * can add a migration without the other. PostgreSQL has the same tables (automation-pg-migrations.ts):
 * a migration added here is added there too. Append only: a released migration never changes.
 */
export const AUTOMATION_MIGRATIONS: readonly AutomationMigration[] = [
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
        automation_id TEXT NOT NULL REFERENCES automations(id) ON DELETE CASCADE,
        trigger TEXT NOT NULL,
        status TEXT NOT NULL,
        conversation_id TEXT,
        reason TEXT,
        created_at TEXT NOT NULL,
        scheduled_for TEXT
      );
      CREATE INDEX automation_runs_by_automation ON automation_runs (automation_id, created_at);
    `,
  },
  {
    version: 2,
    name: 'refused webhook calls counted on a summary run',
    sql: 'ALTER TABLE automation_runs ADD COLUMN refused_calls INTEGER NOT NULL DEFAULT 0;',
  },
];
