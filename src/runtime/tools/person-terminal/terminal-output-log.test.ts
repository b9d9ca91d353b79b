import { describe, expect, it } from 'vitest';
import { createTerminalOutputLog } from './terminal-output-log';

describe('createTerminalOutputLog', () => {
  it('a reader that had offset N reads exactly what came after it', () => {
    const log = createTerminalOutputLog(100);
    log.append('hello ');
    const offset = log.append('world');
    log.append(' and more');
    expect(log.since(offset)).toEqual({ from: 11, text: ' and more', missed: 0 });
    expect(log.since(0).text).toBe('hello world and more');
  });

  it('says how much was lost when the asked start is no longer kept', () => {
    const log = createTerminalOutputLog(4);
    log.append('abcdefgh');
    expect(log.since(2)).toEqual({ from: 4, text: 'efgh', missed: 2 });
  });

  it('an offset from the future or not a number reads from the end', () => {
    const log = createTerminalOutputLog(10);
    log.append('abc');
    expect(log.since(99)).toEqual({ from: 3, text: '', missed: 0 });
    expect(log.since(Number.NaN)).toEqual({ from: 3, text: '', missed: 0 });
    expect(log.end).toBe(3);
  });
});
