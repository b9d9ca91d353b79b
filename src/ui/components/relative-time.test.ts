import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  it('says now under a minute and counts minutes, hours and days after that', () => {
    expect(relativeTime('2025-03-10T11:59:30Z', now)).toBe('now');
    expect(relativeTime('2025-03-10T11:55:00Z', now)).toBe('5m');
    expect(relativeTime('2025-03-10T09:00:00Z', now)).toBe('3h');
    expect(relativeTime('2025-03-08T12:00:00Z', now)).toBe('2d');
  });
  it('falls back to a date past a week and to nothing for an unreadable timestamp', () => {
    expect(relativeTime('2025-01-02T12:00:00Z', now)).toMatch(/Jan/);
    expect(relativeTime('not a date', now)).toBe('');
  });
});
