import type { Automation, AutomationInput } from '../../client/automation-types';
import { budgetFromText, budgetText } from '../budgets/budget-text';
import { type PolicyChoice, policyChoiceOf, policyFromChoice } from '../approval-rules/policy-options';

export type ModelProvider = NonNullable<Automation['llm']>['provider'];

/** The form's state: every field as the inputs hold it (text and checkboxes), nothing parsed yet. */
export interface AutomationDraft {
  name: string;
  workspace: string;
  message: string;
  /** A model of the settings' provider, as the model picker gives it; '' for the settings' model at run time. */
  model: string;
  /** 'settings': the policy the settings name at run time. */
  policy: PolicyChoice | 'settings';
  /** Commands may reach the hosts on the settings' network allowlist. */
  networkAccess: boolean;
  /** The most one run may spend, in dollars as typed; '' for the settings' default. */
  budget: string;
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
    model: '',
    policy: 'settings',
    networkAccess: false,
    budget: '',
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
    model: automation.llm?.model ?? '',
    policy: automation.confirmation_policy ? policyChoiceOf(automation.confirmation_policy) : 'settings',
    networkAccess: automation.network_access,
    budget: budgetText(automation.budget),
    scheduled: automation.schedule !== null,
    cron: automation.schedule?.cron ?? '0 9 * * 1-5',
    timezone: automation.schedule?.timezone ?? timezone,
    runMissed: automation.run_missed,
    webhook: automation.webhook,
    enabled: automation.enabled,
  };
}

/**
 * What the service is sent. A model picked is the settings' provider's (`settingsProvider`), as in a
 * conversation's model picker; the saved choice is kept as it is while its model is unchanged.
 */
export function inputFromDraft(
  draft: AutomationDraft,
  current?: Automation,
  settingsProvider?: ModelProvider,
): AutomationInput {
  return {
    name: draft.name.trim(),
    workspace: draft.workspace.trim(),
    message: draft.message,
    llm: llmFromDraft(draft.model.trim(), current, settingsProvider),
    confirmation_policy:
      draft.policy === 'settings'
        ? null
        : policyFromChoice(draft.policy, current?.confirmation_policy ?? undefined),
    network_access: draft.networkAccess,
    budget: budgetOfDraft(draft),
    schedule: draft.scheduled ? { cron: draft.cron.trim(), timezone: draft.timezone.trim() } : null,
    run_missed: draft.runMissed,
    webhook: draft.webhook,
    enabled: draft.enabled,
  };
}

/**
 * The budget to send. A refused text (the form checks it before saving) is sent as -1, never as null,
 * so the service refuses it beside the field instead of it silently meaning the settings' default.
 */
function budgetOfDraft(draft: AutomationDraft): number | null {
  const parsed = budgetFromText(draft.budget);
  return parsed.ok ? parsed.usd : -1;
}

function llmFromDraft(
  model: string,
  current: Automation | undefined,
  settingsProvider: ModelProvider | undefined,
): AutomationInput['llm'] {
  if (model === '') return null;
  if (current?.llm?.model === model) return current.llm;
  // Without a provider in the settings the picker has nothing to offer; a typed name keeps the saved one's.
  return { provider: settingsProvider ?? current?.llm?.provider ?? 'openai-compatible', model };
}

/**
 * The service's refusal as messages by form field (`name`, `workspace`, `message`, `model`, `cron`,
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
  if (path === 'llm' || path.startsWith('llm.')) return 'model';
  return ['name', 'workspace', 'message', 'budget'].includes(path) ? path : 'form';
}
