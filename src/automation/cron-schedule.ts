import { Cron } from 'croner';

/** A schedule as people write it: a five-field cron expression read in an IANA time zone. */
export interface Schedule {
  cron: string;
  timezone: string;
}

export type ScheduleCheck = { ok: true } | { ok: false; field: 'cron' | 'timezone'; message: string };

/**
 * Whether croner can run the schedule. Only five fields (minute to weekday): seconds and years are
 * not something a person means by "every weekday at 9", and a sixth field read as seconds by mistake
 * would start a run every second.
 */
export function checkSchedule(schedule: Schedule): ScheduleCheck {
  if (!isTimeZone(schedule.timezone)) {
    return {
      ok: false,
      field: 'timezone',
      message: `Unknown time zone "${schedule.timezone}": use an IANA name such as Europe/Berlin or UTC`,
    };
  }
  const fields = schedule.cron.trim().split(/\s+/);
  if (fields.length !== 5) {
    return {
      ok: false,
      field: 'cron',
      message: `A cron expression has five fields (minute hour day month weekday), got ${fields.length}: "${schedule.cron}"`,
    };
  }
  try {
    if (!createCron(schedule).nextRun(new Date(0))) {
      return { ok: false, field: 'cron', message: `"${schedule.cron}" never runs` };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^CronPattern: /, '') : String(error);
    return { ok: false, field: 'cron', message: `Invalid cron expression "${schedule.cron}": ${reason}` };
  }
  return { ok: true };
}

/**
 * The first time strictly after `after` at which the schedule fires, or undefined when it never
 * does again. Daylight saving follows croner: a time that does not exist that day (spring forward)
 * runs at the first valid minute after it, a time that happens twice (fall back) runs once.
 * Throws for a schedule checkSchedule refuses.
 */
export function nextRunAfter(schedule: Schedule, after: Date): Date | undefined {
  return createCron(schedule).nextRun(after) ?? undefined;
}

/** The next `count` fire times after `after`, for previews. */
export function nextRunsAfter(schedule: Schedule, after: Date, count: number): Date[] {
  return createCron(schedule).nextRuns(count, after);
}

function createCron(schedule: Schedule): Cron {
  // paused: croner only computes here; the scheduler owns the one timer.
  return new Cron(schedule.cron.trim(), { timezone: schedule.timezone, paused: true, mode: '5-part' });
}

function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false; // RangeError: not a zone this Node knows
  }
}
