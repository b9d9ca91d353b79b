import type { AutomationRun } from '../../client/automation-types';

const TRIGGER_WORDS: Record<AutomationRun['trigger'], string> = {
  schedule: 'Scheduled',
  missed: 'Missed while off',
  webhook: 'Webhook',
  manual: 'Run now',
};

const STATUS_WORDS: Record<AutomationRun['status'], string> = {
  pending: 'Starting…',
  started: 'Started',
  skipped: 'Skipped',
  failed: 'Failed',
  rate_limited: 'Rate limited',
};

/**
 * "Webhook · Started", "Scheduled · Failed: the runtime is not reachable…", "Webhook · Rate limited:
 * 195 calls refused (…)": one line for a run. Pure.
 */
export function describeRun(run: AutomationRun): string {
  const head = `${TRIGGER_WORDS[run.trigger]} · ${STATUS_WORDS[run.status]}`;
  if (run.status === 'rate_limited') {
    const count = `${run.refused_calls} ${run.refused_calls === 1 ? 'call' : 'calls'} refused`;
    return run.reason ? `${head}: ${count} (${run.reason})` : `${head}: ${count}`;
  }
  return run.reason ? `${head}: ${run.reason}` : head;
}

/** A time for a person, in the browser's zone and language. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
}
