import type Database from 'better-sqlite3';
import { AUTOMATION_MIGRATIONS, type AutomationMigration } from './automation-migrations';
import { newerSchemaError } from './newer-schema-error';

/**
 * Brings the automation tables of a SQLite file up to the latest version, each migration in its own
 * transaction. Throws, changing nothing, when a newer version of Agent Workbench wrote them.
 */
export function migrateAutomationSqlite(
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
  if (current > latest) throw newerSchemaError(current, latest, 'use another data dir');
  const record = db.prepare('INSERT INTO automation_schema_migrations VALUES (?, ?, ?)');
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
  }
}
