import './hooks.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { SETTINGS_QUERY_KEY, useSettings } from '../api/use-settings';
import { HOOK_EVENTS, type HookEntry, type HookEventName, hookEntries, withEntries } from './hook-entries';

const EMPTY_DRAFT: HookEntry = { event: 'PreToolUse', matcher: '*', command: '', timeout: 60 };

/**
 * The hooks of every conversation (settings.json): a list of command hooks and a form to add one,
 * saved as soon as they change. Commands run in each conversation's sandbox, in its workspace.
 */
export function GlobalHooks() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const config = settings.data?.hooks;
  const entries = config ? hookEntries(config) : [];
  const [draft, setDraft] = useState<HookEntry>(EMPTY_DRAFT);
  const save = useMutation({
    mutationFn: (next: HookEntry[]) =>
      unwrap(
        client.PATCH('/api/settings', { body: { hooks: config ? withEntries(config, next) : undefined } }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
    onError: () => void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
  const add = () => {
    if (draft.command.trim() === '') return;
    save.mutate([...entries, { ...draft, command: draft.command.trim() }]);
    setDraft(EMPTY_DRAFT);
  };
  return (
    <div className="hooks-editor" data-testid="hooks-editor">
      {entries.length === 0 ? (
        <p className="field__hint">No hooks yet.</p>
      ) : (
        <ul className="hooks-editor__list">
          {entries.map((entry, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: two entries may be identical; the list is rebuilt on each save
              key={`${entry.event}:${entry.matcher}:${entry.command}:${index}`}
              className="hooks-editor__row"
            >
              <span className="hooks-editor__event">{entry.event}</span>
              <code>{entry.matcher}</code>
              <code className="hooks-editor__command">{entry.command}</code>
              <span className="field__hint">{entry.timeout} s</span>
              <button
                type="button"
                className="button button--small button--ghost"
                disabled={save.isPending}
                onClick={() => save.mutate(entries.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="hooks-editor__new">
        <select
          className="select"
          aria-label="Hook event"
          value={draft.event}
          onChange={(event) => setDraft({ ...draft, event: event.target.value as HookEventName })}
        >
          {Object.keys(HOOK_EVENTS).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <input
          className="input input--mono"
          aria-label="Hook matcher"
          value={draft.matcher}
          placeholder="* or a tool name"
          onChange={(event) => setDraft({ ...draft, matcher: event.target.value })}
        />
        <input
          className="input input--mono"
          aria-label="Hook command"
          value={draft.command}
          placeholder=".openhands/hooks/check.sh"
          onChange={(event) => setDraft({ ...draft, command: event.target.value })}
        />
        <input
          className="input"
          type="number"
          min={1}
          max={3600}
          aria-label="Hook timeout (seconds)"
          value={draft.timeout}
          onChange={(event) => setDraft({ ...draft, timeout: Math.max(1, Number(event.target.value) || 60) })}
        />
        <button type="button" className="button button--small" disabled={save.isPending} onClick={add}>
          Add hook
        </button>
      </div>
      {save.error ? (
        <p className="field__error" role="alert">
          Could not save: {save.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** The settings dialog's section for the global hooks. */
export function HooksSection() {
  const count = hookEntries(useSettings().data?.hooks ?? EMPTY_CONFIG).length;
  return (
    <details className="settings-form__section" data-testid="hooks-section">
      <summary>Hooks{count ? ` · ${count}` : ''}</summary>
      <span className="field__hint">
        Commands run at the agent's steps in every conversation, in its sandbox and workspace, with the event
        as JSON on stdin: exit 2 blocks. A repository's own <code>.openhands/hooks.json</code> runs only once
        you accept it. Saved at once.
      </span>
      <GlobalHooks />
    </details>
  );
}

const EMPTY_CONFIG = {
  pre_tool_use: [],
  post_tool_use: [],
  user_prompt_submit: [],
  session_start: [],
  session_end: [],
  stop: [],
};
