import { describe, expect, it } from 'vitest';
import { editSnippet, insertAfterLine, numberLines, replaceUnique, splitLines } from './text-edits';

describe('text edits', () => {
  it('replaces across lines and reports the changed line span', () => {
    const result = replaceUnique('a\nb\nc\n', 'b\n', 'B1\nB2\n', '/f');
    expect(result).toEqual({ ok: true, content: 'a\nB1\nB2\nc\n', firstLine: 2, lastLine: 3 });
  });

  it('refuses an edit that changes nothing', () => {
    expect(replaceUnique('a', 'a', 'a', '/f').ok).toBe(false);
  });

  it('inserts into an empty file and into a file without a final newline', () => {
    expect(insertAfterLine('', 0, 'first\n', '/f')).toMatchObject({ ok: true, content: 'first\n' });
    expect(insertAfterLine('a', 1, 'b', '/f')).toMatchObject({ ok: true, content: 'a\nb' });
  });

  it('numbers lines from any start', () => {
    expect(numberLines(['x', 'y'], 9)).toBe('     9\tx\n    10\ty');
  });

  it('shows context around an edit, clipped at the file edges', () => {
    const content = Array.from({ length: 20 }, (_, index) => `l${index + 1}`).join('\n');
    const snippet = editSnippet(content, 10, 10, 2);
    expect(snippet.split('\n').map((line) => line.trim())).toEqual([
      '8\tl8',
      '9\tl9',
      '10\tl10',
      '11\tl11',
      '12\tl12',
    ]);
    expect(editSnippet('only\n', 1, 1).trim()).toBe('1\tonly');
  });

  it('does not count a final newline as another line', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('')).toEqual([]);
  });
});
