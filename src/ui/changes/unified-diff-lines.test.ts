import { describe, expect, it } from 'vitest';
import { unifiedDiffLines } from './unified-diff-lines';

const gitDiff = [
  'diff --git a/notes.txt b/notes.txt',
  'index 3b18e51..a3c3a5e 100644',
  '--- a/notes.txt',
  '+++ b/notes.txt',
  '@@ -1,3 +1,3 @@',
  ' one',
  '-two',
  '+TWO',
  ' three',
  '@@ -10,2 +10,3 @@',
  ' ten',
  ' eleven',
  '+twelve',
  '',
].join('\n');

describe('unifiedDiffLines', () => {
  it('numbers added, removed and context lines on both sides and marks the gap between hunks', () => {
    const lines = unifiedDiffLines(gitDiff);
    expect(lines.slice(0, 4)).toEqual([
      { type: 'context', oldNumber: 1, newNumber: 1, text: 'one' },
      { type: 'remove', oldNumber: 2, text: 'two' },
      { type: 'add', newNumber: 2, text: 'TWO' },
      { type: 'context', oldNumber: 3, newNumber: 3, text: 'three' },
    ]);
    expect(lines[4]).toEqual({ type: 'gap', hidden: 6 });
    expect(lines.at(-1)).toEqual({ type: 'add', newNumber: 12, text: 'twelve' });
  });

  it('reads a new file (from /dev/null) and an empty diff', () => {
    const added = ['--- /dev/null', '+++ b/new.txt', '@@ -0,0 +1,2 @@', '+a', '+b', ''].join('\n');
    expect(unifiedDiffLines(added)).toEqual([
      { type: 'add', newNumber: 1, text: 'a' },
      { type: 'add', newNumber: 2, text: 'b' },
    ]);
    expect(unifiedDiffLines('')).toEqual([]);
  });
});
