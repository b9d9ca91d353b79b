import type { AutomationStore } from './automation-store';
import { serialize } from './serialize';
import type { WebhookLimit } from './webhook-rate-limit';

/** A summary run stands for the refused calls of this long after its first one. */
export const SUMMARY_WINDOW_MS = 60_000;

export interface RateLimitedRuns {
  /**
   * Records one refused webhook call: the first of a window adds a `rate_limited` run, the later ones
   * raise its `refused_calls`. Rejects only when the store does.
   */
  refuse(automationId: string): Promise<void>;
  /** Drops a deleted automation's summary. */
  forget(automationId: string): void;
}

interface Summary {
  runId: string;
  openedAt: number;
  refused: number;
  /** The count the store holds: behind `refused` while later refusals are queued to write it. */
  written: number;
}

/**
 * The run history's side of the webhook limit: a flood becomes one record per automation and window
 * instead of one per call. Each automation's refusals are recorded one at a time (so a window opens
 * once); a refusal with later ones already queued leaves the write to them, so a flood's writes
 * collapse instead of queuing one per call.
 */
export function createRateLimitedRuns(deps: {
  store: AutomationStore;
  now(): Date;
  newId(): string;
  limit: WebhookLimit;
}): RateLimitedRuns {
  const automations = new Map<
    string,
    { exclusive: ReturnType<typeof serialize>; queued: number; summary?: Summary }
  >();
  const reason = `webhook calls over the limit (${deps.limit.burst} at once, then ${deps.limit.perMinute} a minute) were refused with 429`;
  const writeCount = async (summary: Summary) => {
    if (summary.written === summary.refused) return;
    const count = summary.refused;
    await deps.store.countRefusedCalls(summary.runId, count);
    summary.written = count;
  };
  return {
    refuse(automationId) {
      let state = automations.get(automationId);
      if (!state) {
        state = { exclusive: serialize(), queued: 0 };
        automations.set(automationId, state);
      }
      const own = state;
      // The time of the call, not of its turn in the queue: a window holds the calls made in it.
      const now = deps.now();
      own.queued += 1;
      return own.exclusive(async () => {
        own.queued -= 1;
        const open = own.summary;
        if (open && now.getTime() - open.openedAt < SUMMARY_WINDOW_MS) {
          open.refused += 1;
          if (own.queued === 0) await writeCount(open);
          return;
        }
        if (open) await writeCount(open);
        const summary = { runId: deps.newId(), openedAt: now.getTime(), refused: 1, written: 1 };
        await deps.store.addRun({
          id: summary.runId,
          automation_id: automationId,
          trigger: 'webhook',
          status: 'rate_limited',
          conversation_id: null,
          reason,
          created_at: now.toISOString(),
          scheduled_for: null,
          refused_calls: 1,
        });
        own.summary = summary;
      });
    },
    forget(automationId) {
      automations.delete(automationId);
    },
  };
}
