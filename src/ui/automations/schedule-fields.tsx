import type { AutomationDraft } from './automation-draft';
import { TextField } from './form-fields';
import { useSchedulePreview } from './use-schedule-preview';
import { formatWhen } from './describe-run';

/**
 * Cron expression and time zone, with the service's live reading of them under the inputs: "every
 * weekday at 09:00, Europe/Berlin" and the next times, or why it cannot run.
 */
export function ScheduleFields({
  draft,
  change,
  errors,
}: {
  draft: AutomationDraft;
  change: (patch: Partial<AutomationDraft>) => void;
  errors: Record<string, string>;
}) {
  const preview = useSchedulePreview(draft.cron, draft.timezone, draft.scheduled);
  const reading = preview.data;
  const refusal = reading && !reading.ok ? describeRefusal(reading.error) : undefined;
  return (
    <div className="automation-form__schedule">
      <div className="automation-form__row">
        <TextField
          label="Cron expression"
          mono
          value={draft.cron}
          onChange={(cron) => change({ cron })}
          hint="minute hour day month weekday, e.g. 0 9 * * 1-5"
          error={errors.cron}
        />
        <TextField
          label="Time zone"
          mono
          value={draft.timezone}
          onChange={(timezone) => change({ timezone })}
          error={errors.timezone}
        />
      </div>
      <p className="automation-form__preview" data-testid="schedule-preview" aria-live="polite">
        {reading?.ok
          ? `Runs ${reading.description}. Next, in this browser's time: ${reading.next_runs.map(formatWhen).join(', ')}`
          : (refusal ?? '')}
      </p>
    </div>
  );
}

function describeRefusal(error: { detail?: unknown } | undefined): string {
  if (typeof error?.detail === 'string') return error.detail;
  return 'This schedule cannot run';
}
