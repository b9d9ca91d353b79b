import { describe, expect, it } from 'vitest';
import { parseInstant } from './parse-instant';

describe('parseInstant', () => {
  it('reads a naive time as UTC and honours Z and offsets', () => {
    expect(parseInstant('2025-03-04T05:06:07')).toBe('2025-03-04T05:06:07.000Z');
    expect(parseInstant('2025-03-04T05:06:07.123456Z')).toBe('2025-03-04T05:06:07.123Z');
    expect(parseInstant('2025-03-04T05:06:07+01:30')).toBe('2025-03-04T03:36:07.000Z');
    expect(parseInstant('2025-03-04 05:06-0200')).toBe('2025-03-04T07:06:00.000Z');
    expect(parseInstant('2025-03-04')).toBe('2025-03-04T00:00:00.000Z');
  });

  it('refuses what is not a real instant instead of rolling it over', () => {
    for (const value of [
      '2025-02-30',
      '2025-13-01T00:00:00',
      '2025-01-01T24:00:00',
      '2025-01-01T00:60',
      'now',
      '',
    ]) {
      expect(parseInstant(value), value).toBeUndefined();
    }
  });
});
