import type { AutomationRecord, RunTrigger } from './automation-record';
import type { AutomationStore } from './automation-store';
import { planCatchUp } from './plan-catch-up';
import { nextRunAt } from './next-run-at';

export interface SchedulerDeps {
  store: AutomationStore;
  now(): Date;
  /** One timer at a time; returns its cancel function. */
  setTimer(callback: () => void, ms: number): () => void;
  /** Starts a run; the scheduler does not wait for it (a slow start must not hold up other automations). */
  run(automation: AutomationRecord, trigger: RunTrigger, scheduledFor: string): Promise<unknown>;
  /** Records that a missed time is not made up (run_missed off). */
  skipMissed(automation: AutomationRecord, missedAt: string): void;
}

export interface Scheduler {
  /** Handles the times missed while the service was off, then arms the timer. */
  start(): void;
  /** Re-reads the automations and re-arms: call after any change to one. */
  wake(): void;
  /** Cancels the timer and resolves once the runs it started have settled. */
  stop(): Promise<void>;
}

/**
 * Woken at least once a minute even when nothing is due, so a clock that jumps (a laptop waking up)
 * is noticed within a minute rather than at a timer armed for the old time.
 */
export const MAX_SLEEP_MS = 60_000;

/**
 * Fires scheduled runs. Before a run starts, the automation's next time is stored, so a crash during
 * the run neither repeats it at restart nor counts it as missed.
 */
export function createScheduler(deps: SchedulerDeps): Scheduler {
  let cancel: (() => void) | undefined;
  let stopped = false;
  const running = new Set<Promise<unknown>>();

  const track = (promise: Promise<unknown>) => {
    running.add(promise);
    void promise.finally(() => running.delete(promise));
  };

  const fireDue = () => {
    const now = deps.now();
    for (const automation of deps.store.list()) {
      const due = automation.next_run_at;
      if (!automation.enabled || due === null || Date.parse(due) > now.getTime()) continue;
      deps.store.save({ ...automation, next_run_at: nextRunAt(automation, now) });
      track(deps.run(automation, 'schedule', due));
    }
  };

  const arm = () => {
    cancel?.();
    if (stopped) return;
    const now = deps.now().getTime();
    const times = deps.store
      .list()
      .map((automation) =>
        automation.enabled && automation.next_run_at ? Date.parse(automation.next_run_at) : Infinity,
      );
    const wait = Math.max(0, Math.min(MAX_SLEEP_MS, Math.min(...times) - now));
    cancel = deps.setTimer(() => {
      fireDue();
      arm();
    }, wait);
  };

  return {
    start() {
      const now = deps.now();
      for (const automation of deps.store.list()) {
        const plan = planCatchUp(automation, now);
        deps.store.save({ ...automation, next_run_at: plan.nextRunAt });
        if (plan.kind === 'late') track(deps.run(automation, 'schedule', plan.missedAt));
        if (plan.kind === 'run') track(deps.run(automation, 'missed', plan.missedAt));
        if (plan.kind === 'skip') deps.skipMissed(automation, plan.missedAt);
      }
      arm();
    },
    wake: arm,
    async stop() {
      stopped = true;
      cancel?.();
      await Promise.allSettled([...running]);
    },
  };
}
