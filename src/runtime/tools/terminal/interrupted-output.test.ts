import { describe, expect, it } from 'vitest';
import { interruptedOutput } from './interrupted-output';

describe('interrupted output', () => {
  it('returns the text unchanged when nothing was left out', () => {
    expect(interruptedOutput({ head: 'all of it\n', tail: '', omittedCharacters: 0 })).toBe('all of it\n');
  });

  it('puts a note between start and end, cut at line breaks, saying the full output was not saved', () => {
    const text = interruptedOutput({
      head: 'line 1\nline 2\nli',
      tail: 'ne 9\nline 10\nline 11\nline 12\n',
      omittedCharacters: 100,
    });
    expect(text).toBe(
      'line 1\nline 2\n[... 107 characters cut from the middle: the command was interrupted, so only the start and the end of its output were kept (the full output was not saved) ...]\nline 10\nline 11\nline 12\n',
    );
  });

  it('cuts mid-line when no line break is near', () => {
    const text = interruptedOutput({ head: 'abcdefghij', tail: 'klmnopqrst', omittedCharacters: 5 });
    expect(text.startsWith('abcdefghij\n[... 5 characters cut')).toBe(true);
    expect(text.endsWith('...]\nklmnopqrst')).toBe(true);
  });
});
