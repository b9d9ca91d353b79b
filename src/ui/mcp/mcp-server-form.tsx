import { useState } from 'react';
import {
  configOf,
  draftOf,
  EMPTY_DRAFT,
  type MCPServerConfig,
  type MCPServerDraft,
} from './mcp-server-draft';

/** Add or edit one MCP server: a program run in the sandbox (stdio) or an address (HTTP). */
export function MCPServerForm({
  name,
  config,
  taken,
  busy,
  onSave,
  onCancel,
}: {
  name?: string;
  config?: MCPServerConfig;
  /** Names of the other servers: a new name must differ from them. */
  taken: readonly string[];
  busy: boolean;
  onSave: (name: string, config: MCPServerConfig) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<MCPServerDraft>(() =>
    name && config ? draftOf(name, config) : EMPTY_DRAFT,
  );
  const [error, setError] = useState<string | null>(null);
  const change = (patch: Partial<MCPServerDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const submit = () => {
    const result = configOf(draft, config);
    if (!result.ok) return setError(result.error);
    if (taken.includes(result.name)) return setError(`Name: "${result.name}" is already a server.`);
    onSave(result.name, result.config);
  };
  const masked = /‹hidden›/.test(draft.env + draft.headers);
  return (
    // Not a <form>: it sits inside the settings form, whose Enter saves the settings.
    <fieldset className="settings-subform" aria-label={name ? `Edit ${name}` : 'New MCP server'}>
      <div className="settings-form__row">
        <label className="field">
          <span className="field__label">Name</span>
          <input
            className="input input--mono"
            value={draft.name}
            placeholder="github"
            onChange={(event) => change({ name: event.target.value })}
            spellCheck={false}
          />
        </label>
        <label className="field">
          <span className="field__label">Transport</span>
          <select
            className="select"
            value={draft.transport}
            onChange={(event) => change({ transport: event.target.value as MCPServerDraft['transport'] })}
          >
            <option value="stdio">Program (stdio)</option>
            <option value="http">Address (HTTP)</option>
          </select>
        </label>
      </div>
      {draft.transport === 'stdio' ? (
        <>
          <label className="field">
            <span className="field__label">Command</span>
            <input
              className="input input--mono"
              value={draft.command}
              placeholder="/usr/bin/node"
              onChange={(event) => change({ command: event.target.value })}
              spellCheck={false}
            />
          </label>
          <label className="field">
            <span className="field__label">Arguments</span>
            <textarea
              className="input input--mono settings-form__list"
              rows={2}
              value={draft.args}
              placeholder="One per line"
              onChange={(event) => change({ args: event.target.value })}
              spellCheck={false}
              aria-label="Arguments"
            />
          </label>
          <label className="field">
            <span className="field__label">Environment</span>
            <textarea
              className="input input--mono settings-form__list"
              rows={2}
              value={draft.env}
              placeholder="NAME=value, one per line"
              onChange={(event) => change({ env: event.target.value })}
              spellCheck={false}
              aria-label="Environment"
            />
          </label>
        </>
      ) : (
        <>
          <label className="field">
            <span className="field__label">URL</span>
            <input
              className="input input--mono"
              value={draft.url}
              placeholder="https://mcp.example.com/mcp"
              onChange={(event) => change({ url: event.target.value })}
              spellCheck={false}
            />
          </label>
          <label className="field">
            <span className="field__label">Headers</span>
            <textarea
              className="input input--mono settings-form__list"
              rows={2}
              value={draft.headers}
              placeholder="Authorization: Bearer …, one per line"
              onChange={(event) => change({ headers: event.target.value })}
              spellCheck={false}
              aria-label="Headers"
            />
          </label>
        </>
      )}
      <span className="field__hint">
        {masked ? 'Values shown as ‹hidden› are kept as saved; type over one to change it. ' : ''}
        Values are kept in settings.json on this machine, masked in everything the agent's tools print.
      </span>
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
          {name ? 'Save server' : 'Add server'}
        </button>
      </div>
    </fieldset>
  );
}
