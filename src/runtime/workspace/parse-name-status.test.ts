import { describe, expect, it } from 'vitest';
import { parseNameStatus } from './parse-name-status';

describe('parseNameStatus', () => {
  it('maps statuses as the agent server does, a rename to DELETED + ADDED, a copy to ADDED', () => {
    const output = [
      'M',
      'a b.txt',
      'A',
      'new',
      'D',
      'gone',
      'R087',
      'old',
      'moved',
      'C100',
      'src',
      'copy',
      'T',
      'link',
      'U',
      'conflict',
      '',
    ].join('\0');
    expect(parseNameStatus(output)).toEqual([
      { status: 'UPDATED', path: 'a b.txt' },
      { status: 'ADDED', path: 'new' },
      { status: 'DELETED', path: 'gone' },
      { status: 'DELETED', path: 'old' },
      { status: 'ADDED', path: 'moved' },
      { status: 'ADDED', path: 'copy' },
      { status: 'UPDATED', path: 'link' },
      { status: 'UPDATED', path: 'conflict' },
    ]);
    expect(parseNameStatus('')).toEqual([]);
  });
});
