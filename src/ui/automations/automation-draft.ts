import type { Automation, AutomationInput } from '../../client/automation-wire';
import { type PolicyChoice, policyChoiceOf, policyFromChoice } from '../settings/policy-options';

/** The form's state: every field as the inputs hold it (text and checkboxes), nothing parsed yet. */
export interface AutomationDraft {
  name: string;
  workspace: string;
  message: string;
  /** 'settings': the policy the settings name at run time. */
  policy: PolicyChoice | 'settings';
  /** Commands may reach the hosts on the settings' network allowlist. */
  networkAccess: boolean;
  scheduled: boolean;
  cron: string;
  timezone: string;
  runMissed: boolean;
  webhook: boolean;
  enabled: boolean;
}

/** A new automation's form: every weekday at 09:00 in the browser's zone, a common first wish. */
export function emptyDraft(workspace: string, timezone: string): AutomationDraft {
  return {
    name: '',
    workspace,
    message: '',
    policy: 'settings',
    networkAccess: false,
    scheduled: true,
    cron: '0 9 * * 1-5',
    timezone,
    runMissed: false,
    webhook: false,
    enabled: true,
  };
}

export function draftFromAutomation(automation: Automation, timezone: string): AutomationDraft {
  return {
    name: automation.name,
    workspace: automation.workspace,
    message: automation.message,
    policy: automation.confirmation_policy ? policyChoiceOf(automation.confirmation_policy) : 'settings',
    networkAccess: automation.network_access,
    scheduled: automation.schedule !== null,
    cron: automation.schedule?.cron ?? '0 9 * * 1-5',
    timezone: automation.schedule?.timezone ?? timezone,
    runMissed: automation.run_missed,
    webhook: automation.webhook,
    enabled: automation.enabled,
  };
}

/** What the service is sent; the model stays the settings' (null), as for a new conversation. */
export function inputFromDraft(draft: AutomationDraft, current?: Automation): AutomationInput {
  return {
    name: draft.name.trim(),
    workspace: draft.workspace.trim(),
    message: draft.message,
    llm: current?.llm ?? null,
    confirmation_policy:
      draft.policy === 'settings'
        ? null
        : policyFromChoice(draft.policy, current?.confirmation_policy ?? undefined),
    network_access: draft.networkAccess,
    schedule: draft.scheduled ? { cron: draft.cron.trim(), timezone: draft.timezone.trim() } : null,
    run_missed: draft.runMissed,
    webhook: draft.webhook,
    enabled: draft.enabled,
  };
}

/**
 * The service's refusal as messages by form field (`name`, `workspace`, `message`, `cron`,
 * `timezone`), and `form` for what belongs to no one field. Pure.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null || !('detail' in error)) return {};
  const { detail } = error as { detail: unknown; field?: unknown };
  const field = 'field' in error && typeof error.field === 'string' ? error.field : undefined;
  if (typeof detail === 'string') return { [formField(field)]: detail };
  if (!Array.isArray(detail)) return {};
  const errors: Record<string, string> = {};
  for (const issue of detail as { loc?: unknown[]; msg?: string }[]) {
    const path = (issue.loc ?? []).slice(1).map(String).join('.');
    errors[formField(path)] ??= issue.msg ?? 'Invalid value';
  }
  return errors;
}

function formField(path: string | undefined): string {
  if (!path) return 'form';
  if (path.startsWith('schedule.')) return path.slice('schedule.'.length);
  return ['name', 'workspace', 'message'].includes(path) ? path : 'form';
}
