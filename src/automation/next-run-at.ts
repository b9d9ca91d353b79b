import type { AutomationRecord } from './automation-record';
import { nextRunAfter } from './cron-schedule';

/** When a saved automation fires next after `now`: null without a schedule, while disabled, or never again. */
export function nextRunAt(
  automation: Pick<AutomationRecord, 'schedule' | 'enabled'>,
  now: Date,
): string | null {
  if (!automation.enabled || !automation.schedule) return null;
  return nextRunAfter(automation.schedule, now)?.toISOString() ?? null;
}
