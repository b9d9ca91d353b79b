import type { AutomationRecord } from './automation-record';
import { nextRunAt } from './next-run-at';

/**
 * A time that passed less than this long ago is late, not missed: the service was restarted (after a
 * crash, the launcher does it within seconds), the workbench was not off, so the run goes ahead as
 * scheduled whatever `run_missed` says.
 */
export const LATE_GRACE_MS = 2 * 60_000;

/**
 * What to do at start-up with an automation whose scheduled time passed while the service was not
 * running: `late` (just now: run it as scheduled), else `run` once (however many times were missed)
 * when it asks for missed runs, or `skip` (and say so in its history); `none` when nothing passed.
 * Either way the schedule resumes from now. Pure.
 */
export type CatchUp =
  | { kind: 'none'; nextRunAt: string | null }
  | { kind: 'late' | 'run' | 'skip'; missedAt: string; nextRunAt: string | null };

export function planCatchUp(automation: AutomationRecord, now: Date): CatchUp {
  const next = nextRunAt(automation, now);
  const missedAt = automation.next_run_at;
  if (!automation.enabled || !automation.schedule || missedAt === null)
    return { kind: 'none', nextRunAt: next };
  const lateBy = now.getTime() - Date.parse(missedAt);
  if (lateBy < 0) return { kind: 'none', nextRunAt: next };
  if (lateBy <= LATE_GRACE_MS) return { kind: 'late', missedAt, nextRunAt: next };
  return { kind: automation.run_missed ? 'run' : 'skip', missedAt, nextRunAt: next };
}
