import type { AutomationDraft } from './automation-draft';
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
        <label className="field">
          <span className="field__label">Cron expression</span>
          <input
            className="input input--mono"
            value={draft.cron}
            aria-invalid={errors.cron || refusal ? true : undefined}
            onChange={(event) => change({ cron: event.target.value })}
          />
          <span className="field__hint">minute hour day month weekday, e.g. 0 9 * * 1-5</span>
        </label>
        <label className="field">
          <span className="field__label">Time zone</span>
          <input
            className="input input--mono"
            value={draft.timezone}
            aria-invalid={errors.timezone ? true : undefined}
            onChange={(event) => change({ timezone: event.target.value })}
          />
        </label>
      </div>
      <p className="automation-form__preview" data-testid="schedule-preview" aria-live="polite">
        {reading?.ok
          ? `Runs ${reading.description}. Next: ${reading.next_runs.map(formatWhen).join(', ')}`
          : (refusal ?? '')}
      </p>
      {errors.cron || errors.timezone ? (
        <p className="field__hint field__hint--warning" role="alert">
          {errors.cron ?? errors.timezone}
        </p>
      ) : null}
    </div>
  );
}

function describeRefusal(error: { detail?: unknown } | undefined): string {
  if (typeof error?.detail === 'string') return error.detail;
  return 'This schedule cannot run';
}
