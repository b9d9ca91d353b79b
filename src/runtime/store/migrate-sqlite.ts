import type Database from 'better-sqlite3';
import { StoreError } from './event-store';
import { LATEST_SCHEMA_VERSION, SQLITE_MIGRATIONS, type SqliteMigration } from './sqlite-migrations';

/**
 * Brings a database up to the latest schema, each pending migration in its own transaction, and
 * returns the version it ended at. Throws StoreError `newer_schema` (changing nothing) when the
 * database was written by a newer version of Agent Workbench.
 */
export function migrateSqlite(
  db: Database.Database,
  migrations: readonly SqliteMigration[] = SQLITE_MIGRATIONS,
): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const latest = migrations.at(-1)?.version ?? LATEST_SCHEMA_VERSION;
  const current =
    (db.prepare('SELECT max(version) AS version FROM schema_migrations').get() as { version: number | null })
      .version ?? 0;
  if (current > latest) {
    throw new StoreError(
      'newer_schema',
      `This database has schema version ${current}, but this version of Agent Workbench knows only up to ${latest}. ` +
        'Upgrade Agent Workbench, or point it at another data dir.',
    );
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
  }
  return Math.max(current, latest);
}
