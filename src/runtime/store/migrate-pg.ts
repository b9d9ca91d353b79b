import type pg from 'pg';
import { StoreError } from './event-store';
import { PG_MIGRATIONS, type PgMigration } from './pg-migrations';

/** Serialises migrations of one database across processes starting at once. */
const MIGRATION_LOCK = 7_358_201;

/**
 * Brings a database up to the latest schema, each pending migration in its own transaction, and
 * returns the version it ended at. Throws StoreError `newer_schema` (changing nothing) when the
 * database was written by a newer version of Agent Workbench. Several runtimes may start together:
 * an advisory lock lets one migrate while the others wait, then find nothing left to do.
 */
export async function migratePg(
  client: pg.ClientBase,
  migrations: readonly PgMigration[] = PG_MIGRATIONS,
): Promise<number> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const latest = migrations.at(-1)?.version ?? 0;
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    if (current > latest) {
      throw new StoreError(
        'newer_schema',
        `This database has schema version ${current}, but this version of Agent Workbench knows only up to ${latest}. ` +
          'Upgrade Agent Workbench, or point it at another database.',
      );
    }
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          new Date().toISOString(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return Math.max(current, latest);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
