import type { GitChange } from './git-change';

/**
 * `git diff --name-status -z` output as changes: R (rename) becomes DELETED old + ADDED new, C (copy)
 * ADDED new, A ADDED, D DELETED, and M, T (type change) and U (unmerged) UPDATED. Upstream rejects a
 * T; here it is an update. Pure.
 */
export function parseNameStatus(output: string): GitChange[] {
  const fields = output.split('\0');
  const changes: GitChange[] = [];
  let index = 0;
  while (index < fields.length) {
    const status = fields[index] ?? '';
    index += 1;
    if (status === '') continue;
    const letter = status[0];
    if (letter === 'R' || letter === 'C') {
      const from = fields[index] ?? '';
      const to = fields[index + 1] ?? '';
      index += 2;
      if (letter === 'R') changes.push({ status: 'DELETED', path: from });
      changes.push({ status: 'ADDED', path: to });
      continue;
    }
    const path = fields[index] ?? '';
    index += 1;
    if (letter === 'A') changes.push({ status: 'ADDED', path });
    else if (letter === 'D') changes.push({ status: 'DELETED', path });
    else changes.push({ status: 'UPDATED', path });
  }
  return changes;
}
