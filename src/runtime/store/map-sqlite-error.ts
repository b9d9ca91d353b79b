import Database from 'better-sqlite3';
import { StoreError } from './event-store';

/** SQLite result codes that mean the disk, not the caller, failed: full, unreadable, read-only, locked. */
const IO_CODES = [
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_BUSY',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
];

/**
 * Runs a store operation, turning disk failures into StoreError `io` with a message a person can act
 * on. The operation's transaction has already rolled back when this sees the error, so nothing is written.
 */
export function withIoErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof Database.SqliteError && IO_CODES.some((code) => error.code.startsWith(code))) {
      throw new StoreError(
        'io',
        `The database could not be written or read (${error.code}): ${error.message}`,
      );
    }
    throw error;
  }
}
