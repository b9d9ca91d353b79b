import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('numbers removed, added and context lines from both sides', () => {
    const diff = lineDiff('a\nb\nc\n', 'a\nB\nc\n');
    expect(diff.added).toBe(1);
    expect(diff.removed).toBe(1);
    expect(diff.lines).toEqual([
      { type: 'context', oldNumber: 1, newNumber: 1, text: 'a' },
      { type: 'remove', oldNumber: 2, text: 'b' },
      { type: 'add', newNumber: 2, text: 'B' },
      { type: 'context', oldNumber: 3, newNumber: 3, text: 'c' },
    ]);
  });

  it('shows a created file as all additions', () => {
    const diff = lineDiff('', 'one\ntwo\n');
    expect(diff.lines.map((line) => line.type)).toEqual(['add', 'add']);
    expect(diff.removed).toBe(0);
  });

  it('marks the unchanged lines it skips between far-apart changes', () => {
    const before = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n');
    const after = before.replace('line 2\n', 'line two\n').replace('line 29', 'line twenty-nine');
    const gaps = lineDiff(before, after, 1).lines.filter((line) => line.type === 'gap');
    expect(gaps).toEqual([{ type: 'gap', hidden: 24 }]);
  });
});
