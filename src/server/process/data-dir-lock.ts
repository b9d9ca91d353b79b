import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface DataDirLock {
  /** Releases the lock (the operating system also releases it when the process dies). */
  release(): void;
}

export type LockResult = { ok: true; lock: DataDirLock } | { ok: false; holderPid: number | undefined };

export const LOCK_FILE = 'runtime.lock';
const PID_FILE = 'runtime.pid';

/**
 * One runtime per data dir, or per name when several share a PostgreSQL database (`name`: its own
 * lock and pid files). The lock is SQLite's own exclusive file lock (`locking_mode=EXCLUSIVE`
 * after a write keeps it for the connection's life): an operating-system lock, so a runtime killed
 * with SIGKILL leaves no stale lock behind, unlike a pid file. The pid file beside it only names the
 * holder in the message. Never throws for a held lock; throws for an unusable data dir.
 */
export function lockDataDir(dataDir: string, name?: string): LockResult {
  const lockFile = name ? `runtime-${name}.lock` : LOCK_FILE;
  const pidFile = name ? `runtime-${name}.pid` : PID_FILE;
  const database = new Database(join(dataDir, lockFile), { timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    // No journal file beside the lock: the one write below only exists to take the lock.
    database.pragma('journal_mode = MEMORY');
    database.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER)');
    database.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    database.exec('DELETE FROM holder');
  } catch (error) {
    database.close();
    if (isBusy(error)) return { ok: false, holderPid: readHolderPid(join(dataDir, pidFile)) };
    throw error;
  }
  writeFileSync(join(dataDir, pidFile), `${process.pid}\n`, { mode: 0o600 });
  return {
    ok: true,
    lock: {
      release() {
        if (!database.open) return;
        rmSync(join(dataDir, pidFile), { force: true });
        database.close();
      },
    },
  };
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

function readHolderPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
