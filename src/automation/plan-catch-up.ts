import type { AutomationRecord } from './automation-record';
import { nextRunAt } from './next-run-at';

/**
 * What to do at start-up with an automation whose scheduled time passed while the service was not
 * running: `run` once (however many times were missed) when it asks for missed runs, else `skip` (and
 * say so in its history); `none` when nothing was missed. Either way the schedule resumes from now.
 */
export type CatchUp =
  | { kind: 'none'; nextRunAt: string | null }
  | { kind: 'run' | 'skip'; missedAt: string; nextRunAt: string | null };

export function planCatchUp(automation: AutomationRecord, now: Date): CatchUp {
  const next = nextRunAt(automation, now);
  const missedAt = automation.next_run_at;
  if (
    !automation.enabled ||
    !automation.schedule ||
    missedAt === null ||
    Date.parse(missedAt) > now.getTime()
  ) {
    return { kind: 'none', nextRunAt: next };
  }
  return { kind: automation.run_missed ? 'run' : 'skip', missedAt, nextRunAt: next };
}
