import { describe, expect, it } from 'vitest';
import { parseTreeChanges } from './parse-tree-changes';

const ZERO = '0'.repeat(40);
const ONE = '1'.repeat(40);

describe('parseTreeChanges', () => {
  it('reads raw statuses and numstat counts, renames, binaries and paths with tabs', () => {
    const output = [
      `:100644 100644 ${ZERO} ${ONE} M`,
      'edited\tfile.txt',
      `:000000 100644 ${ZERO} ${ONE} A`,
      'image.png',
      `:100644 000000 ${ONE} ${ZERO} D`,
      'gone.txt',
      `:100644 100644 ${ONE} ${ONE} R087`,
      'old/name.txt',
      'new/name.txt',
      `:100644 120000 ${ONE} ${ONE} T`,
      'now-a-link',
      '3\t1\tedited\tfile.txt',
      '-\t-\timage.png',
      '0\t2\tgone.txt',
      '1\t0\t',
      'old/name.txt',
      'new/name.txt',
      '1\t1\tnow-a-link',
      '',
    ].join('\0');
    expect(parseTreeChanges(output)).toEqual([
      { path: 'edited\tfile.txt', status: 'modified', binary: false, additions: 3, deletions: 1 },
      { path: 'image.png', status: 'added', binary: true, additions: 0, deletions: 0 },
      { path: 'gone.txt', status: 'deleted', binary: false, additions: 0, deletions: 2 },
      {
        path: 'new/name.txt',
        old_path: 'old/name.txt',
        status: 'renamed',
        binary: false,
        additions: 1,
        deletions: 0,
      },
      { path: 'now-a-link', status: 'modified', binary: false, additions: 1, deletions: 1 },
    ]);
  });

  it('gives nothing for no output', () => {
    expect(parseTreeChanges('')).toEqual([]);
  });
});
