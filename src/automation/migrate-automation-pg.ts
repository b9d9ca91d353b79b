import type pg from 'pg';
import type { AutomationMigration } from './automation-migrations';
import { AUTOMATION_PG_MIGRATIONS } from './automation-pg-migrations';
import { newerSchemaError } from './newer-schema-error';

/**
 * Serialises migrations of the automation tables across processes starting at once; not the
 * runtime's lock (src/runtime/store/migrate-pg.ts), so neither waits for the other's migrations.
 */
const AUTOMATION_MIGRATION_LOCK = 7_358_202;

/**
 * Brings the automation tables of a PostgreSQL database up to the latest version, each pending
 * migration in its own transaction, under an advisory lock: of two services starting together, one
 * migrates while the other waits, then finds nothing left to do. Returns the version it ended at.
 * Throws, changing nothing, when a newer version of Agent Workbench wrote the tables.
 */
export async function migrateAutomationPg(
  client: pg.ClientBase,
  migrations: readonly AutomationMigration[] = AUTOMATION_PG_MIGRATIONS,
): Promise<number> {
  await client.query('SELECT pg_advisory_lock($1)', [AUTOMATION_MIGRATION_LOCK]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS automation_schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const latest = migrations.at(-1)?.version ?? 0;
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM automation_schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    if (current > latest) throw newerSchemaError(current, latest, 'point it at another database');
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          'INSERT INTO automation_schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
          [migration.version, migration.name, new Date().toISOString()],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return Math.max(current, latest);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [AUTOMATION_MIGRATION_LOCK]);
  }
}
