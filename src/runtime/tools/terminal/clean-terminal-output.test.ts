import { describe, expect, it } from 'vitest';
import { cleanTerminalOutput } from './clean-terminal-output';

describe('cleanTerminalOutput', () => {
  it('removes colour codes, titles and cursor moves', () => {
    expect(cleanTerminalOutput('\x1b[1;31merror\x1b[0m: \x1b]0;title\x07bad\x1b[2K\x1b[?25h')).toBe(
      'error: bad',
    );
  });

  it('turns CRLF into LF', () => {
    expect(cleanTerminalOutput('a\r\nb\r\n')).toBe('a\nb\n');
  });

  it('keeps the last redraw of a progress line', () => {
    expect(cleanTerminalOutput('10%\r50%\r100%\r\ndone')).toBe('100%\ndone');
  });

  it('drops stray control bytes but keeps tabs', () => {
    expect(cleanTerminalOutput('a\tb\x07\x00c')).toBe('a\tbc');
  });
});
