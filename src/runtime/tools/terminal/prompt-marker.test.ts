import { describe, expect, it } from 'vitest';
import { createPromptMarkerParser, promptCommandFor } from './prompt-marker';

const marker = (token: string, code: number, cwd: string) => `\x1b]777;awb-${token};${code};${cwd}\x07`;

describe('prompt marker parser', () => {
  it('splits output from the marker and reads exit code and cwd', () => {
    const parser = createPromptMarkerParser('abc');
    expect(parser.push(`hello\r\n${marker('abc', 2, '/work/a;b')}`)).toEqual([
      { kind: 'output', text: 'hello\r\n' },
      { kind: 'prompt', exitCode: 2, cwd: '/work/a;b' },
    ]);
  });

  it('finds a marker split across many chunks, one character at a time', () => {
    const parser = createPromptMarkerParser('abc');
    const pieces = [...`out${marker('abc', 0, '/x')}`].flatMap((character) => parser.push(character));
    expect(pieces.filter((piece) => piece.kind === 'prompt')).toEqual([
      { kind: 'prompt', exitCode: 0, cwd: '/x' },
    ]);
    expect(
      pieces
        .filter((piece) => piece.kind === 'output')
        .map((piece) => (piece.kind === 'output' ? piece.text : ''))
        .join(''),
    ).toBe('out');
  });

  it('treats a marker with another token as ordinary output', () => {
    const parser = createPromptMarkerParser('abc');
    const forged = marker('zzz', 0, '/x');
    expect(parser.push(`${forged}\n`)).toEqual([{ kind: 'output', text: `${forged}\n` }]);
  });

  it('holds back only what could still become a marker', () => {
    const parser = createPromptMarkerParser('abc');
    expect(parser.push('text\x1b]77')).toEqual([{ kind: 'output', text: 'text' }]);
    expect(parser.push('x more')).toEqual([{ kind: 'output', text: '\x1b]77x more' }]);
  });

  it('writes the escape bytes as printf escapes, so the command text itself is no marker', () => {
    const command = promptCommandFor('abc');
    expect(command).not.toContain('\x1b');
    expect(command).toContain("'abc'");
  });
});
