import type pg from 'pg';
import { runPgMigrations } from '../runtime/store/run-pg-migrations';
import type { AutomationMigration } from './automation-migrations';
import { AUTOMATION_PG_MIGRATIONS } from './automation-pg-migrations';
import { newerSchemaError } from './newer-schema-error';

/**
 * Serialises migrations of the automation tables across processes starting at once; not the
 * runtime's lock (src/runtime/store/migrate-pg.ts), so neither waits for the other's migrations.
 */
const AUTOMATION_MIGRATION_LOCK = 7_358_202;

/**
 * Brings the automation tables of a PostgreSQL database up to the latest version
 * (`automation_schema_migrations`). Returns the version it ended at. Throws, changing nothing, when a
 * newer version of Agent Workbench wrote the tables.
 */
export function migrateAutomationPg(
  client: pg.ClientBase,
  migrations: readonly AutomationMigration[] = AUTOMATION_PG_MIGRATIONS,
): Promise<number> {
  return runPgMigrations(client, {
    table: 'automation_schema_migrations',
    lock: AUTOMATION_MIGRATION_LOCK,
    migrations,
    newer: (current, latest) => newerSchemaError(current, latest, 'point it at another database'),
  });
}
