import { describe, expect, it } from 'vitest';
import { createStderrLogger } from './runtime-logger';

describe('the stderr runtime logger', () => {
  it('writes one JSON line per record with pino levels, fields and the error', () => {
    const lines: string[] = [];
    const logger = createStderrLogger((line) => lines.push(line));
    logger.error('run failed', { conversation_id: 'c1', error: new TypeError('boom') });
    logger.warn('title not improved', { error: 'plain text' });
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first).toMatchObject({
      level: 50,
      msg: 'run failed',
      conversation_id: 'c1',
      err: { type: 'TypeError', message: 'boom' },
    });
    expect(first.err.stack).toContain('boom');
    expect(second).toMatchObject({ level: 40, msg: 'title not improved', err: { message: 'plain text' } });
  });
});
