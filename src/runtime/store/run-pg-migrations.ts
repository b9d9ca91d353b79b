import type pg from 'pg';

export interface VersionedMigration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Brings a set of tables of a PostgreSQL database up to the latest version, each pending migration in
 * its own transaction, recorded in `table`, under the advisory lock `lock`: of several processes
 * starting together, one migrates while the others wait, then find nothing left to do. Returns the
 * version it ended at. Throws `newer(current, latest)`, changing nothing, when a newer version of
 * Agent Workbench wrote the tables. Used by the runtime's store and the automation service, each with
 * its own table and lock.
 */
export async function runPgMigrations(
  client: pg.ClientBase,
  options: {
    table: string;
    lock: number;
    migrations: readonly VersionedMigration[];
    newer(current: number, latest: number): Error;
  },
): Promise<number> {
  const { table, lock, migrations } = options;
  await client.query('SELECT pg_advisory_lock($1)', [lock]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const latest = migrations.at(-1)?.version ?? 0;
    const { rows } = await client.query<{ version: number | null }>(
      `SELECT max(version) AS version FROM ${table}`,
    );
    const current = rows[0]?.version ?? 0;
    if (current > latest) throw options.newer(current, latest);
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(`INSERT INTO ${table} (version, name, applied_at) VALUES ($1, $2, $3)`, [
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
    await client.query('SELECT pg_advisory_unlock($1)', [lock]);
  }
}
