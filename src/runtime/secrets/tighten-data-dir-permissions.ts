import { chmodSync, closeSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Files of the data dir that hold secrets or conversations: readable by their owner only. */
export const PRIVATE_DATA_FILES = [
  'session-key',
  'settings.json',
  'secrets.key',
  'secrets.json',
  'workbench.db',
  'workbench.db-wal',
  'workbench.db-shm',
] as const;

/**
 * Makes the data dir 0700 and its private files 0600 where they are wider, and answers one notice
 * line per change (or per change that failed), for stderr. Missing files are skipped. Never throws.
 */
export function tightenDataDirPermissions(dataDir: string): string[] {
  const notices: string[] = [];
  tighten(dataDir, 0o700, notices);
  for (const name of PRIVATE_DATA_FILES) tighten(join(dataDir, name), 0o600, notices);
  return notices;
}

/**
 * Creates an empty file with mode 0600 unless it exists, so SQLite opens a database (and then
 * creates its -wal and -shm, which copy the database's mode) that was never readable by others.
 */
export function createPrivateFile(path: string): void {
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    // EEXIST: it is already there (tightenDataDirPermissions handles its mode); other failures
    // surface when the database is opened, with a better message.
    if (!(error instanceof Error && 'code' in error)) throw error;
  }
}

function tighten(path: string, mode: number, notices: string[]): void {
  let current: number;
  try {
    current = statSync(path).mode & 0o777;
  } catch {
    return; // not there (yet): nothing to tighten
  }
  if ((current & ~mode) === 0) return;
  try {
    chmodSync(path, mode);
    notices.push(
      `Tightened permissions of ${path} from ${octal(current)} to ${octal(mode)} (it holds secrets)`,
    );
  } catch (error) {
    notices.push(
      `Could not tighten permissions of ${path} (${octal(current)}, others may read it): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function octal(mode: number): string {
  return `0${mode.toString(8).padStart(3, '0')}`;
}
