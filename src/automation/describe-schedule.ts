import type { Schedule } from './cron-schedule';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const WEEKDAY_SETS: Record<string, string> = {
  '1-5': 'every weekday',
  'MON-FRI': 'every weekday',
  '0,6': 'every weekend day',
  '6,0': 'every weekend day',
  'SAT,SUN': 'every weekend day',
  '*': 'every day',
};

/**
 * A sentence for the common shapes ("every weekday at 09:00, Europe/Berlin"); anything else is
 * shown as the expression itself ("cron 5 4 1,15 * *, UTC"), which is exact if less friendly.
 * Pure; does not check the schedule (checkSchedule does).
 */
export function describeSchedule(schedule: Schedule): string {
  return `${describeCron(schedule.cron.trim())}, ${schedule.timezone}`;
}

function describeCron(cron: string): string {
  const [minute, hour, day, month, weekday, ...rest] = cron.split(/\s+/);
  const fallback = `cron ${cron}`;
  if (minute === undefined || hour === undefined || day === undefined || rest.length > 0) return fallback;
  if (month !== '*' || weekday === undefined) return fallback;
  const step = /^\*\/(\d+)$/.exec(minute);
  if (step && hour === '*' && day === '*' && weekday === '*') return `every ${step[1]} minutes`;
  if (minute === '*' && hour === '*' && day === '*' && weekday === '*') return 'every minute';
  if (isNumber(minute) && hour === '*' && day === '*' && weekday === '*') {
    return `every hour at minute ${Number(minute)}`;
  }
  if (!isNumber(minute) || !isNumber(hour)) return fallback;
  const time = `${pad(hour)}:${pad(minute)}`;
  if (day === '*') {
    const days = WEEKDAY_SETS[weekday.toUpperCase()] ?? singleWeekday(weekday);
    return days ? `${days} at ${time}` : fallback;
  }
  if (isNumber(day) && weekday === '*') return `on day ${Number(day)} of every month at ${time}`;
  return fallback;
}

function singleWeekday(field: string): string | undefined {
  if (!/^[0-7]$/.test(field)) return undefined;
  return `every ${WEEKDAY_NAMES[Number(field) % 7]}`;
}

function isNumber(field: string): boolean {
  return /^\d{1,2}$/.test(field);
}

function pad(field: string): string {
  return field.padStart(2, '0');
}
