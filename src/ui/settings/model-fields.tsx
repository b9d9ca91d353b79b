import type { Settings } from '../api/wire-types';
import { PROVIDERS, type Provider } from './providers';
import type { SettingsDraft } from './settings-draft';

/**
 * The settings' model fields: provider, model, base URL and API key. A field an environment variable
 * sets is shown but locked. The runtime forgets a saved key when the host it goes to changes without
 * a new key, so the key's hint says so before the save.
 */
export function ModelFields({
  draft,
  settings,
  onChange,
}: {
  draft: SettingsDraft;
  settings: Settings;
  onChange: (patch: Partial<SettingsDraft>) => void;
}) {
  const overridden = new Set(settings.overridden_by_env);
  const keySet = settings.llm?.api_key_set ?? false;
  const keyWillClear =
    keySet &&
    draft.apiKey === '' &&
    !overridden.has('LLM_API_KEY') &&
    (draft.provider !== settings.llm?.provider || draft.baseUrl.trim() !== (settings.llm?.base_url ?? ''));
  return (
    <>
      <div className="settings-form__row">
        <label className="field">
          <span className="field__label">Provider</span>
          <select
            className="select"
            value={draft.provider}
            disabled={overridden.has('LLM_PROVIDER')}
            onChange={(event) => onChange({ provider: event.target.value as Provider })}
          >
            {Object.entries(PROVIDERS).map(([value, provider]) => (
              <option key={value} value={value} title={provider.description}>
                {provider.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Model</span>
          <input
            className="input input--mono"
            value={draft.model}
            placeholder={PROVIDERS[draft.provider].modelPlaceholder}
            disabled={overridden.has('LLM_MODEL')}
            onChange={(event) => onChange({ model: event.target.value })}
            data-autofocus
            spellCheck={false}
          />
        </label>
      </div>
      <label className="field">
        <span className="field__label">Base URL</span>
        <input
          className="input input--mono"
          value={draft.baseUrl}
          placeholder={PROVIDERS[draft.provider].baseUrlPlaceholder}
          disabled={overridden.has('LLM_BASE_URL')}
          onChange={(event) => onChange({ baseUrl: event.target.value })}
          spellCheck={false}
        />
        <span className="field__hint">{PROVIDERS[draft.provider].baseUrlHint}</span>
      </label>
      <label className="field">
        <span className="field__label">API key</span>
        <input
          className="input input--mono"
          type="password"
          autoComplete="off"
          value={draft.apiKey}
          placeholder={keySet ? '•••••••• (saved — leave empty to keep it)' : 'sk-…'}
          disabled={overridden.has('LLM_API_KEY')}
          onChange={(event) => onChange({ apiKey: event.target.value })}
        />
        {keyWillClear ? (
          <span className="field__hint field__hint--warning" data-testid="key-will-clear">
            The saved key will be cleared: it is never sent to a different provider or base URL. Enter the key
            for the new one.
          </span>
        ) : (
          <span className="field__hint">
            Kept in settings.json on this machine; never sent back to the browser.
          </span>
        )}
      </label>
    </>
  );
}
