import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The pid of a live runtime that holds this data dir, from the pid file the runtime writes beside its
 * lock (src/server/process/data-dir-lock.ts). The runtime's lock is the real guard; this early look lets the
 * launcher refuse with one line before it truncates the other runtime's log or spawns anything. A stale
 * file (a dead pid, or a pid reused by some other program) counts as free.
 */
export function findDataDirHolder(dataDir: string, readText = defaultReadText): number | undefined {
  const pid = Number.parseInt(readText(join(dataDir, 'runtime.pid')) ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  const commandLine = readText(`/proc/${pid}/cmdline`)?.split('\0').join(' ') ?? '';
  return /(runtime[/\\]main\.mjs|server[/\\]process[/\\]main\.ts)/.test(commandLine) ? pid : undefined;
}

function defaultReadText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
