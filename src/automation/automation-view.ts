import type { AutomationRecord, RunRecord } from './automation-record';
import { describeSchedule } from './describe-schedule';

/**
 * An automation as the API answers it. Its schema is in automation-wire.ts, and
 * automation-wire.test.ts checks every answer against it.
 */
export interface AutomationView extends Omit<AutomationRecord, 'webhook_token'> {
  schedule_description: string | null;
  /** The path to POST to (through the ingress), token included; null while the webhook is off. */
  webhook_url: string | null;
  last_run: RunRecord | null;
}

export const HOOKS_PREFIX = '/api/automation/hooks';

export function toAutomationView(record: AutomationRecord, lastRun: RunRecord | undefined): AutomationView {
  const { webhook_token, ...rest } = record;
  return {
    ...rest,
    schedule_description: record.schedule ? describeSchedule(record.schedule) : null,
    webhook_url: webhook_token ? `${HOOKS_PREFIX}/${record.id}?token=${webhook_token}` : null,
    last_run: lastRun ?? null,
  };
}
