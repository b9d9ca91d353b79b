import type pg from 'pg';
import { StoreError } from './event-store';
import { PG_MIGRATIONS, type PgMigration } from './pg-migrations';
import { runPgMigrations } from './run-pg-migrations';

/** Serialises migrations of one database across processes starting at once. */
const MIGRATION_LOCK = 7_358_201;

/**
 * Brings a database up to the latest schema (`schema_migrations`) and returns the version it ended
 * at. Throws StoreError `newer_schema` (changing nothing) when the database was written by a newer
 * version of Agent Workbench. Several runtimes may start together: one migrates, the others wait.
 */
export function migratePg(
  client: pg.ClientBase,
  migrations: readonly PgMigration[] = PG_MIGRATIONS,
): Promise<number> {
  return runPgMigrations(client, {
    table: 'schema_migrations',
    lock: MIGRATION_LOCK,
    migrations,
    newer: (current, latest) =>
      new StoreError(
        'newer_schema',
        `This database has schema version ${current}, but this version of Agent Workbench knows only up to ${latest}. ` +
          'Upgrade Agent Workbench, or point it at another database.',
      ),
  });
}
