import { describe, expect, it } from 'vitest';
import { checkSchedule, nextRunAfter, nextRunsAfter } from './cron-schedule';

const at = (iso: string) => new Date(iso);

describe('cron schedules in a time zone', () => {
  it('fires at the local time of the zone, not UTC', () => {
    const schedule = { cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' };
    // Friday 4 December 2026, 12:00 UTC: the next weekday 09:00 in Berlin (UTC+1) is Monday 08:00 UTC.
    expect(nextRunAfter(schedule, at('2026-12-04T12:00:00Z'))?.toISOString()).toBe(
      '2026-12-07T08:00:00.000Z',
    );
    const newYork = { cron: '0 9 * * *', timezone: 'America/New_York' };
    expect(nextRunAfter(newYork, at('2026-12-04T12:00:00Z'))?.toISOString()).toBe('2026-12-04T14:00:00.000Z');
  });

  it('follows the change to summer time: the offset moves and a time in the gap runs once, right after it', () => {
    const nine = { cron: '0 9 * * *', timezone: 'Europe/Berlin' };
    expect(nextRunsAfter(nine, at('2026-03-28T12:00:00Z'), 2).map((date) => date.toISOString())).toEqual([
      '2026-03-29T07:00:00.000Z', // 09:00 CEST (UTC+2), the day the clocks go forward
      '2026-03-30T07:00:00.000Z',
    ]);
    const inTheGap = { cron: '30 2 * * *', timezone: 'Europe/Berlin' };
    expect(nextRunsAfter(inTheGap, at('2026-03-28T12:00:00Z'), 2).map((date) => date.toISOString())).toEqual([
      '2026-03-29T01:00:00.000Z', // 02:30 does not exist that night: 03:00 CEST
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('follows the change back to winter time: a time that happens twice runs once', () => {
    const twice = { cron: '30 2 * * *', timezone: 'Europe/Berlin' };
    expect(nextRunsAfter(twice, at('2026-10-24T12:00:00Z'), 2).map((date) => date.toISOString())).toEqual([
      '2026-10-25T00:30:00.000Z', // the first 02:30 (CEST); the second (CET, 01:30 UTC) is not a run
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('refuses a bad expression or zone with a message naming the field', () => {
    expect(checkSchedule({ cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' })).toEqual({ ok: true });
    expect(checkSchedule({ cron: '61 9 * * *', timezone: 'UTC' })).toMatchObject({
      ok: false,
      field: 'cron',
      message: expect.stringContaining('minute'),
    });
    expect(checkSchedule({ cron: '0 9 * *', timezone: 'UTC' })).toMatchObject({ ok: false, field: 'cron' });
    expect(checkSchedule({ cron: '0 0 9 * * *', timezone: 'UTC' })).toMatchObject({
      ok: false,
      field: 'cron',
    });
    expect(checkSchedule({ cron: '0 9 * * *', timezone: 'Mars/Base' })).toMatchObject({
      ok: false,
      field: 'timezone',
    });
  });
});
