import { readFileSync } from 'node:fs';

/**
 * The foreground process group of the terminal that process `pid` is attached to (the `tpgid`
 * field of /proc/<pid>/stat): the job the shell is running, or the shell itself at its prompt.
 * Undefined when it cannot be read (no /proc, the process is gone).
 */
export function foregroundProcessGroup(pid: number, readStat = defaultReadStat): number | undefined {
  const stat = readStat(pid);
  if (stat === undefined) return undefined;
  // The command name sits in parentheses and may itself hold spaces or parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state ppid pgrp session tty_nr tpgid …
  const group = Number.parseInt(fields[5] ?? '', 10);
  return Number.isInteger(group) && group > 0 ? group : undefined;
}

/** SIGKILL to a whole process group; false when it cannot be sent (gone, not ours). */
export function killProcessGroup(group: number): boolean {
  try {
    process.kill(-group, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

function defaultReadStat(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
}
