import { type FormEvent, useState } from 'react';
import type { Automation } from '../../client/automation-wire';
import { POLICY_LABELS, type PolicyChoice } from '../settings/policy-options';
import {
  type AutomationDraft,
  draftFromAutomation,
  emptyDraft,
  fieldErrors,
  inputFromDraft,
} from './automation-draft';
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
  const { save } = useAutomationMutations();
  const change = (patch: Partial<AutomationDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const errors = save.error instanceof RefusedError ? fieldErrors(save.error.body) : {};
  const otherError = save.error && !(save.error instanceof RefusedError) ? save.error.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: automation?.id, input: inputFromDraft(draft, automation) }, { onSuccess: onSaved });
  };

  return (
    <form
      className="automation-form"
      onSubmit={submit}
      aria-label={automation ? 'Edit automation' : 'New automation'}
    >
      <label className="field">
        <span className="field__label">Name</span>
        <input
          className="input"
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
        />
        <FieldError message={errors.name} />
      </label>
      <label className="field">
        <span className="field__label">Workspace</span>
        <input
          className="input input--mono"
          value={draft.workspace}
          onChange={(event) => change({ workspace: event.target.value })}
        />
        <FieldError message={errors.workspace} />
      </label>
      <label className="field">
        <span className="field__label">First message</span>
        <textarea
          className="input automation-form__message"
          rows={4}
          value={draft.message}
          onChange={(event) => change({ message: event.target.value })}
        />
        <span className="field__hint">
          A webhook's JSON body fills {'{{payload.field}}'} (nested: {'{{payload.a.b}}'}).
        </span>
        <FieldError message={errors.message} />
      </label>
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
      <fieldset className="automation-form__triggers">
        <legend className="field__label">Triggers</legend>
        <label className="automation-form__check">
          <input
            type="checkbox"
            checked={draft.scheduled}
            onChange={(event) => change({ scheduled: event.target.checked })}
          />
          On a schedule
        </label>
        {draft.scheduled ? (
          <>
            <ScheduleFields draft={draft} change={change} errors={errors} />
            <label className="automation-form__check">
              <input
                type="checkbox"
                checked={draft.runMissed}
                onChange={(event) => change({ runMissed: event.target.checked })}
              />
              Run once at the next start when a time was missed while Agent Workbench was off
            </label>
          </>
        ) : null}
        <label className="automation-form__check">
          <input
            type="checkbox"
            checked={draft.webhook}
            onChange={(event) => change({ webhook: event.target.checked })}
          />
          When its webhook is called (a URL with a secret token)
        </label>
        <label className="automation-form__check">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => change({ enabled: event.target.checked })}
          />
          Enabled
        </label>
      </fieldset>
      <FieldError message={errors.form ?? otherError} />
      <div className="automation-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {automation ? 'Save changes' : 'Create automation'}
        </button>
      </div>
    </form>
  );
}

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <span className="field__hint field__hint--warning" role="alert">
      {message}
    </span>
  ) : null;
}
