import { AutomationError } from './automation-error';
import type { CreateAutomation, ScheduleInput, UpdateAutomation } from './automation-schemas';
import { modelChoice } from './v1-automation-view';
import type { V1CreatePrompt, V1TriggerInput, V1Update } from './v1-schemas';

/**
 * A v1 create or edit as one of our automations. A `cron` trigger is our schedule; an `event` trigger
 * (the Canvas's import sends a placeholder one, then sets the real trigger) and `manual` are no
 * schedule: the automation runs when dispatched. Repositories and plugins are refused with
 * `not_available`: nothing here clones or installs them. Throws AutomationError.
 */
export function v1CreateInput(body: V1CreatePrompt, workspace: string | undefined): CreateAutomation {
  refuseUnserved(body);
  if (workspace === undefined) {
    throw new AutomationError(
      'invalid_workspace',
      'No default workspace is set for automations made through the v1 API (AGENT_WORKBENCH_WORKSPACE)',
      'workspace',
    );
  }
  return {
    name: body.name,
    workspace,
    message: body.prompt,
    llm: body.model ? modelChoice(body.model) : null,
    confirmation_policy: null,
    network_access: false,
    budget: null,
    schedule: body.trigger ? v1Schedule(body.trigger, body.timezone, undefined) : null,
    webhook: false,
    run_missed: false,
    enabled: true,
  };
}

export function v1UpdateInput(body: V1Update, current: { schedule: ScheduleInput | null }): UpdateAutomation {
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.prompt !== undefined ? { message: body.prompt } : {}),
    ...(body.model !== undefined ? { llm: body.model ? modelChoice(body.model) : null } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    ...(body.trigger !== undefined
      ? { schedule: v1Schedule(body.trigger, body.timezone, current.schedule?.timezone) }
      : body.timezone !== undefined && current.schedule
        ? { schedule: { ...current.schedule, timezone: body.timezone } }
        : {}),
  };
}

/** Repositories and plugins: 404 `not_available`, naming the field. */
export function refuseUnserved(body: { repos?: unknown[]; plugins?: unknown[] }): void {
  if (body.repos?.length) {
    throw new AutomationError(
      'not_available',
      'Repositories are not cloned for automations here: the run works in the workbench folder',
      'repos',
    );
  }
  if (body.plugins?.length) {
    throw new AutomationError('not_available', 'Plugins are not available here', 'plugins');
  }
}

function v1Schedule(
  trigger: V1TriggerInput,
  timezone: string | undefined,
  currentZone: string | undefined,
): ScheduleInput | null {
  if (trigger.type === 'event' || (trigger.type === 'manual' && !trigger.schedule)) return null;
  if (!trigger.schedule) {
    throw new AutomationError('invalid_schedule', 'A cron trigger needs a schedule', 'trigger.schedule');
  }
  return { cron: trigger.schedule, timezone: trigger.timezone || timezone || currentZone || 'UTC' };
}
