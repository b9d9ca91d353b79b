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
  skipMissed(automation: AutomationRecord, missedAt: string): Promise<void>;
  /** A database that failed while the timer fired: the scheduler tries again within MAX_SLEEP_MS. */
  onError(error: unknown): void;
  /** The service's queue for changes to automations (see serialize.ts). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export interface Scheduler {
  /** Handles the times missed while the service was off, then arms the timer. Rejects when the store does. */
  start(): Promise<void>;
  /** Re-reads the automations and re-arms: call after any change to one. Settles once armed; never rejects. */
  wake(): Promise<void>;
  /** Cancels the timer and resolves once the runs it started have settled. */
  stop(): Promise<void>;
}

/**
 * Woken at least once a minute even when nothing is due, so a clock that jumps (a laptop waking up)
 * is noticed within a minute rather than at a timer armed for the old time, and a database that was
 * down is read again.
 */
export const MAX_SLEEP_MS = 60_000;

/**
 * Fires scheduled runs. Before a run starts, the automation's next time is stored, so a crash during
 * the run neither repeats it at restart nor counts it as missed. Arming reads the store, so arms are
 * queued one behind the other: the timer always reflects the last read.
 */
export function createScheduler(deps: SchedulerDeps): Scheduler {
  let cancel: (() => void) | undefined;
  let stopped = false;
  let arming: Promise<void> = Promise.resolve();
  const running = new Set<Promise<unknown>>();

  const track = (promise: Promise<unknown>) => {
    running.add(promise);
    void promise.finally(() => running.delete(promise));
  };

  const fireDue = () =>
    deps.exclusive(async () => {
      const now = deps.now();
      for (const automation of await deps.store.list()) {
        const due = automation.next_run_at;
        if (!automation.enabled || due === null || Date.parse(due) > now.getTime()) continue;
        await deps.store.save({ ...automation, next_run_at: nextRunAt(automation, now) });
        track(deps.run(automation, 'schedule', due));
      }
    });

  const armNow = async () => {
    if (stopped) return;
    let wait = MAX_SLEEP_MS;
    try {
      const now = deps.now().getTime();
      const times = (await deps.store.list()).map((automation) =>
        automation.enabled && automation.next_run_at ? Date.parse(automation.next_run_at) : Infinity,
      );
      wait = Math.max(0, Math.min(MAX_SLEEP_MS, Math.min(...times) - now));
    } catch (error) {
      deps.onError(error);
    }
    if (stopped) return;
    cancel?.();
    cancel = deps.setTimer(() => track(tick()), wait);
  };
  const arm = (): Promise<void> => {
    arming = arming.then(armNow);
    return arming;
  };

  const tick = async () => {
    try {
      await fireDue();
    } catch (error) {
      deps.onError(error);
    }
    await arm();
  };

  return {
    async start() {
      await deps.exclusive(async () => {
        const now = deps.now();
        for (const automation of await deps.store.list()) {
          const plan = planCatchUp(automation, now);
          await deps.store.save({ ...automation, next_run_at: plan.nextRunAt });
          if (plan.kind === 'late') track(deps.run(automation, 'schedule', plan.missedAt));
          if (plan.kind === 'run') track(deps.run(automation, 'missed', plan.missedAt));
          if (plan.kind === 'skip') await deps.skipMissed(automation, plan.missedAt);
        }
      });
      await arm();
    },
    wake: arm,
    async stop() {
      stopped = true;
      cancel?.();
      await Promise.allSettled([...running]);
    },
  };
}
