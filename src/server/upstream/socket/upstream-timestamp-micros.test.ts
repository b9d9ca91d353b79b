import { describe, expect, it } from 'vitest';
import { timestampMicros } from './upstream-timestamp-micros';

const utc = (iso: string) => Date.parse(iso) * 1000;

describe('timestampMicros', () => {
  it('reads UTC, naive (as UTC), offset and date-only forms to the microsecond', () => {
    expect(timestampMicros('2026-03-01T10:20:30.123Z')).toBe(utc('2026-03-01T10:20:30.123Z'));
    expect(timestampMicros('2026-03-01T10:20:30.123')).toBe(utc('2026-03-01T10:20:30.123Z'));
    expect(timestampMicros('2026-03-01T10:20:30.123456')).toBe(utc('2026-03-01T10:20:30.123Z') + 456);
    expect(timestampMicros('2026-03-01T12:20:30+02:00')).toBe(utc('2026-03-01T10:20:30Z'));
    expect(timestampMicros('2026-03-01T08:20:30-0200')).toBe(utc('2026-03-01T10:20:30Z'));
    expect(timestampMicros('2026-03-01 10:20')).toBe(utc('2026-03-01T10:20:00Z'));
    expect(timestampMicros('2026-03-01')).toBe(utc('2026-03-01T00:00:00Z'));
    // An unencoded `+` in a query string arrives as a space.
    expect(timestampMicros('2026-03-01T12:20:30 02:00')).toBe(utc('2026-03-01T10:20:30Z'));
  });

  it('refuses what is not a real date-time', () => {
    for (const text of [
      '',
      'yesterday',
      '2026-02-30T00:00:00',
      '2026-13-01',
      '2026-03-01T24:00:00',
      '2026-03-01T10:61',
      '2026-03-01T10:20:30+25:00',
      '1700000000',
      '2026-03-01T10:20:30Zjunk',
      // Date.UTC would read year 50 as 1950; parseInstant refuses it.
      '0050-03-01',
    ]) {
      expect(timestampMicros(text), text).toBeUndefined();
    }
  });
});
