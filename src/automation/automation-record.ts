import type { CreateAutomation } from './automation-schemas';

/** An automation as stored: its definition plus the service's own bookkeeping. */
export interface AutomationRecord extends CreateAutomation {
  id: string;
  /** The webhook's secret; null while the webhook trigger is off. */
  webhook_token: string | null;
  created_at: string;
  updated_at: string;
  /**
   * When the schedule fires next (ISO 8601, UTC); null without a schedule or while disabled. Kept
   * across restarts: a value in the past at start-up is a run missed while the workbench was off.
   */
  next_run_at: string | null;
}

export type RunTrigger = 'schedule' | 'missed' | 'webhook' | 'manual';

/**
 * `pending` while the service is still trying to start it (retrying a runtime that is down);
 * `started` once its conversation exists; `skipped` (the previous run still going, or a missed time
 * not to be made up); `failed` with the reason; `rate_limited`: no run, but the summary of the
 * webhook calls refused over the limit in one window, counted in `refused_calls`.
 */
export type RunStatus = 'pending' | 'started' | 'skipped' | 'failed' | 'rate_limited';

export interface RunRecord {
  id: string;
  automation_id: string;
  trigger: RunTrigger;
  status: RunStatus;
  conversation_id: string | null;
  reason: string | null;
  created_at: string;
  /** The scheduled time this run stands for (schedule and missed runs), else null. */
  scheduled_for: string | null;
  /** Webhook calls refused with 429 that this `rate_limited` summary stands for; 0 on every other run. */
  refused_calls: number;
}
