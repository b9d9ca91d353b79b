import { describe, expect, it } from 'vitest';
import { createPersonPromptParser } from './person-prompt';

const marker = (token: string, exitCode: number, line: string) =>
  `\x1b]777;awb-${token};${exitCode};${Buffer.from(line).toString('base64')}\x07`;

describe('createPersonPromptParser', () => {
  it('takes each history line out of the output, once per history number', () => {
    const parser = createPersonPromptParser('t0k');
    const pieces = [
      ...parser.push(`hello\r\n${marker('t0k', 0, '    3  echo hello\n').slice(0, 9)}`),
      ...parser.push(`${marker('t0k', 0, '    3  echo hello\n').slice(9)}~ $ `),
      ...parser.push(marker('t0k', 0, '    3  echo hello\n')),
    ];
    expect(pieces).toEqual([
      { kind: 'output', text: 'hello\r\n' },
      { kind: 'command', number: 3, command: 'echo hello', exitCode: 0 },
      { kind: 'output', text: '~ $ ' },
    ]);
  });

  it('a marker with another token is ordinary output, so a program cannot forge one without it', () => {
    const parser = createPersonPromptParser('right');
    const forged = marker('wrong', 0, '    9  rm -rf /\n');
    expect(parser.push(forged)).toEqual([{ kind: 'output', text: forged }]);
  });
});
