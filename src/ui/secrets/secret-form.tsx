import { useState } from 'react';

/** What an environment variable may be called: the runtime refuses any other name. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface SecretDraft {
  name: string;
  value: string;
  description: string;
}

/**
 * Add a secret, or replace the value of one (`name` given: fixed). The value field is a password
 * field that starts empty: a saved value never comes back to the browser.
 */
export function SecretForm({
  name,
  description,
  taken,
  busy,
  onSave,
  onCancel,
}: {
  name?: string;
  description?: string | null;
  /** Names already saved: a new secret must differ from them. */
  taken: readonly string[];
  busy: boolean;
  onSave: (draft: SecretDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<SecretDraft>({
    name: name ?? '',
    value: '',
    description: description ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const change = (patch: Partial<SecretDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const submit = () => {
    const chosen = draft.name.trim();
    if (!VARIABLE_NAME.test(chosen))
      return setError(
        'Name: letters, digits and _, not starting with a digit (it becomes an environment variable).',
      );
    if (name === undefined && taken.includes(chosen))
      return setError(`Name: "${chosen}" is already saved; replace its value instead.`);
    if (draft.value.trim() === '') return setError('Value: a secret cannot be empty.');
    onSave({ ...draft, name: chosen });
  };
  return (
    // Not a <form>: it sits inside the settings form, whose Enter saves the settings.
    <fieldset className="settings-subform" aria-label={name ? `Replace ${name}` : 'New secret'}>
      <div className="settings-form__row">
        <label className="field">
          <span className="field__label">Name</span>
          <input
            className="input input--mono"
            value={draft.name}
            placeholder="GITHUB_TOKEN"
            readOnly={name !== undefined}
            onChange={(event) => change({ name: event.target.value })}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <label className="field">
          <span className="field__label">Value</span>
          <input
            className="input input--mono"
            type="password"
            value={draft.value}
            placeholder={name ? 'New value' : ''}
            onChange={(event) => change({ value: event.target.value })}
            spellCheck={false}
            autoComplete="new-password"
          />
        </label>
      </div>
      <label className="field">
        <span className="field__label">Description</span>
        <input
          className="input"
          value={draft.description}
          placeholder="What it opens (optional)"
          onChange={(event) => change({ description: event.target.value })}
        />
      </label>
      {error ? (
        <p className="field__hint field__hint--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="settings-subform__actions">
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={submit}
        >
          {name ? 'Replace value' : 'Add secret'}
        </button>
      </div>
    </fieldset>
  );
}
