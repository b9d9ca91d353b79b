import { describe, expect, it } from 'vitest';
import { describeSchedule } from './describe-schedule';

const berlin = (cron: string) => describeSchedule({ cron, timezone: 'Europe/Berlin' });

describe('describeSchedule', () => {
  it('reads the common shapes as a sentence with the time zone', () => {
    expect(berlin('0 9 * * 1-5')).toBe('every weekday at 09:00, Europe/Berlin');
    expect(berlin('30 22 * * *')).toBe('every day at 22:30, Europe/Berlin');
    expect(berlin('0 8 * * 0,6')).toBe('every weekend day at 08:00, Europe/Berlin');
    expect(berlin('15 7 * * 1')).toBe('every Monday at 07:15, Europe/Berlin');
    expect(berlin('0 3 1 * *')).toBe('on day 1 of every month at 03:00, Europe/Berlin');
    expect(berlin('*/15 * * * *')).toBe('every 15 minutes, Europe/Berlin');
    expect(berlin('5 * * * *')).toBe('every hour at minute 5, Europe/Berlin');
    expect(berlin('* * * * *')).toBe('every minute, Europe/Berlin');
  });

  it('shows any other shape as the expression itself', () => {
    expect(describeSchedule({ cron: '5 4 1,15 * *', timezone: 'UTC' })).toBe('cron 5 4 1,15 * *, UTC');
    expect(berlin('0 9 * 1 1-5')).toBe('cron 0 9 * 1 1-5, Europe/Berlin');
  });
});
