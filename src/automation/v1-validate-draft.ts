import { AutomationError } from './automation-error';
import { checkSchedule } from './cron-schedule';
import { refuseUnserved } from './v1-input';
import { V1CreatePromptSchema } from './v1-schemas';

export interface V1DraftError {
  field: string;
  code: string;
  message: string;
}

/**
 * `POST /v1/validate`: what a create of this draft would refuse, as upstream's `{valid, errors}` so
 * the Canvas's setup form shows each beside its field. Never throws.
 */
export function validateV1Draft(draft: unknown): { valid: boolean; errors: V1DraftError[] } {
  const errors = draftErrors(draft);
  return { valid: errors.length === 0, errors };
}

function draftErrors(draft: unknown): V1DraftError[] {
  const parsed = V1CreatePromptSchema.safeParse(draft);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      code: 'invalid',
      message: issue.message,
    }));
  }
  const { trigger, timezone } = parsed.data;
  try {
    refuseUnserved(parsed.data);
  } catch (error) {
    if (!(error instanceof AutomationError)) throw error;
    return [{ field: error.field ?? '', code: error.code, message: error.message }];
  }
  if (trigger?.type === 'event') {
    return [
      {
        field: 'trigger.type',
        code: 'trigger_kind_not_available',
        message:
          'Event triggers are not available here: use a schedule, Run now, or a webhook from the workbench',
      },
    ];
  }
  if (trigger?.schedule) {
    const check = checkSchedule({ cron: trigger.schedule, timezone: trigger.timezone || timezone || 'UTC' });
    if (!check.ok) {
      const field = check.field === 'cron' ? 'trigger.schedule' : 'trigger.timezone';
      return [{ field, code: 'invalid_schedule', message: check.message }];
    }
  }
  return [];
}
