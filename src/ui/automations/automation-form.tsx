import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Automation } from '../../client/automation-types';
import { useSettings } from '../api/use-settings';
import { budgetFromText, formatUsd } from '../budgets/budget-text';
import { FolderPicker } from '../folder-picker/folder-picker';
import { POLICY_LABELS, type PolicyChoice } from '../approval-rules/policy-options';
import {
  type AutomationDraft,
  draftFromAutomation,
  emptyDraft,
  fieldErrors,
  inputFromDraft,
} from './automation-draft';
import { CheckField, FieldError, TextField } from './form-fields';
import { ModelField } from './model-field';
import { ScheduleFields } from './schedule-fields';
import { RefusedError, useAutomationMutations } from './use-automations';

const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Create or edit an automation. Each refusal of the service shows beside its field; nothing typed is
 * lost on a refusal. `onSaved` gets the saved automation (a new one has its id only then).
 */
export function AutomationForm({
  automation,
  defaultWorkspace,
  onSaved,
}: {
  automation?: Automation;
  defaultWorkspace: string;
  onSaved: (saved: Automation) => void;
}) {
  const [draft, setDraft] = useState<AutomationDraft>(() =>
    automation
      ? draftFromAutomation(automation, BROWSER_TIME_ZONE)
      : emptyDraft(defaultWorkspace, BROWSER_TIME_ZONE),
  );
  // The settings may arrive after the form opened (a page loaded at /automations/new): their default
  // folder fills a workspace nobody has typed yet, instead of leaving it empty for good.
  useEffect(() => {
    if (automation || defaultWorkspace === '') return;
    setDraft((current) => (current.workspace === '' ? { ...current, workspace: defaultWorkspace } : current));
  }, [automation, defaultWorkspace]);
  const { save } = useAutomationMutations();
  const workspaceId = useId();
  const settingsLLM = useSettings().data?.llm ?? undefined;
  const change = (patch: Partial<AutomationDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const serviceErrors = save.error instanceof RefusedError ? fieldErrors(save.error.body) : {};
  const budget = budgetFromText(draft.budget);
  const errors = budget.ok ? serviceErrors : { ...serviceErrors, budget: budget.message };
  const defaultBudget = useSettings().data?.budgets?.max_budget_per_automation_run ?? null;
  const otherError = save.error && !(save.error instanceof RefusedError) ? save.error.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!budget.ok) return;
    const input = inputFromDraft(draft, automation, settingsLLM?.provider);
    save.mutate({ id: automation?.id, input }, { onSuccess: onSaved });
  };

  return (
    <form
      className="automation-form"
      onSubmit={submit}
      aria-label={automation ? 'Edit automation' : 'New automation'}
    >
      <TextField label="Name" value={draft.name} onChange={(name) => change({ name })} error={errors.name} />
      <div className="field">
        <label className="field__label" htmlFor={workspaceId}>
          Workspace
        </label>
        <FolderPicker
          id={workspaceId}
          label="Workspace"
          inputClassName="input input--mono"
          value={draft.workspace}
          onChange={(workspace) => change({ workspace })}
          invalid={errors.workspace !== undefined}
        />
        <FieldError message={errors.workspace} />
      </div>
      <TextField
        label="First message"
        rows={4}
        value={draft.message}
        onChange={(message) => change({ message })}
        hint={`A webhook's JSON body fills {{payload.field}} (nested: {{payload.a.b}}).`}
        error={errors.message}
      />
      <ModelField
        value={draft.model}
        onChange={(model) => change({ model })}
        settingsModel={settingsLLM?.model || undefined}
        error={errors.model}
      />
      <label className="field">
        <span className="field__label">Ask before actions</span>
        <select
          className="select"
          value={draft.policy}
          onChange={(event) => change({ policy: event.target.value as PolicyChoice | 'settings' })}
        >
          <option value="settings">As in the settings</option>
          {(Object.keys(POLICY_LABELS) as PolicyChoice[]).map((choice) => (
            <option key={choice} value={choice}>
              {POLICY_LABELS[choice].label}
            </option>
          ))}
        </select>
      </label>
      <CheckField checked={draft.networkAccess} onChange={(networkAccess) => change({ networkAccess })}>
        Commands may use the network (the hosts on the settings' allowlist)
      </CheckField>
      <TextField
        label="Budget per run (USD)"
        value={draft.budget}
        onChange={(text) => change({ budget: text })}
        hint={`A run that reaches it pauses, to be raised and resumed. Empty: the settings' default (${defaultBudget === null ? 'none' : formatUsd(defaultBudget)}).`}
        error={errors.budget}
      />
      <fieldset className="automation-form__triggers">
        <legend className="field__label">Triggers</legend>
        <CheckField checked={draft.scheduled} onChange={(scheduled) => change({ scheduled })}>
          On a schedule
        </CheckField>
        {draft.scheduled ? (
          <>
            <ScheduleFields draft={draft} change={change} errors={errors} />
            <CheckField checked={draft.runMissed} onChange={(runMissed) => change({ runMissed })}>
              Run once at the next start when a time was missed while Agent Workbench was off
            </CheckField>
          </>
        ) : null}
        <CheckField checked={draft.webhook} onChange={(webhook) => change({ webhook })}>
          When its webhook is called (a URL with a secret token)
        </CheckField>
        <CheckField checked={draft.enabled} onChange={(enabled) => change({ enabled })}>
          Enabled
        </CheckField>
      </fieldset>
      <FieldError message={errors.form ?? otherError} />
      <div className="automation-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {automation ? 'Save changes' : 'Create automation'}
        </button>
        {save.isSuccess && automation ? (
          <span className="automation-form__saved" role="status">
            Saved
          </span>
        ) : null}
      </div>
    </form>
  );
}
