import type { FileChange, FileChangeStatus } from './checkpoint-store';

const STATUSES: Readonly<Record<string, FileChangeStatus>> = {
  A: 'added',
  M: 'modified',
  T: 'modified',
  D: 'deleted',
  R: 'renamed',
};

/**
 * The output of `git diff-tree -r -z -M --raw --numstat` as FileChanges: the raw records
 * (`:modes ids status NUL path NUL [new path NUL]`) give the statuses, the numstat records that follow
 * (`added TAB deleted TAB path NUL`, or for a rename `added TAB deleted TAB NUL old NUL new NUL`)
 * the line counts; `-` counts mean binary. Copies (C) are reported as added.
 */
export function parseTreeChanges(output: string): FileChange[] {
  const fields = output.split('\0');
  const changes: FileChange[] = [];
  const byPath = new Map<string, FileChange>();
  let index = 0;
  while (index < fields.length && fields[index]?.startsWith(':')) {
    const letter = (fields[index] ?? '').split(' ')[4]?.charAt(0) ?? '';
    const first = fields[index + 1] ?? '';
    if (letter === 'R' || letter === 'C') {
      const second = fields[index + 2] ?? '';
      const change: FileChange =
        letter === 'R'
          ? { path: second, old_path: first, status: 'renamed', binary: false, additions: 0, deletions: 0 }
          : { path: second, status: 'added', binary: false, additions: 0, deletions: 0 };
      changes.push(change);
      byPath.set(second, change);
      index += 3;
      continue;
    }
    const change: FileChange = {
      path: first,
      status: STATUSES[letter] ?? 'modified',
      binary: false,
      additions: 0,
      deletions: 0,
    };
    changes.push(change);
    byPath.set(first, change);
    index += 2;
  }
  while (index < fields.length) {
    const head = fields[index] ?? '';
    if (head === '') {
      index += 1;
      continue;
    }
    const firstTab = head.indexOf('\t');
    const secondTab = head.indexOf('\t', firstTab + 1);
    const added = head.slice(0, firstTab);
    const deleted = head.slice(firstTab + 1, secondTab);
    const inlinePath = head.slice(secondTab + 1);
    let path = inlinePath;
    index += 1;
    if (inlinePath === '') {
      path = fields[index + 1] ?? '';
      index += 2;
    }
    const change = byPath.get(path);
    if (change === undefined) continue;
    if (added === '-' || deleted === '-') {
      change.binary = true;
    } else {
      change.additions = Number(added);
      change.deletions = Number(deleted);
    }
  }
  return changes;
}
