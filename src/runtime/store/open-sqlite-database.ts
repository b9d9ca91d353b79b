import Database from 'better-sqlite3';
import { withIoErrors } from './map-sqlite-error';
import { migrateSqlite } from './migrate-sqlite';

/**
 * Opens (creating if needed) the workbench database with the durability the contract asks for: WAL,
 * `synchronous=FULL` (a commit survives power loss before append returns), foreign keys on, and a
 * busy timeout so a second process waits instead of failing. Migrates it to the latest schema.
 * Throws StoreError `newer_schema` or `io`; the connection is closed when it throws.
 */
export function openSqliteDatabase(path: string): Database.Database {
  return withIoErrors(() => {
    const db = new Database(path);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      migrateSqlite(db);
      return db;
    } catch (error) {
      db.close();
      throw error;
    }
  });
}
