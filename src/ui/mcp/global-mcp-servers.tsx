import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { SETTINGS_QUERY_KEY, useSettings } from '../api/use-settings';
import { MCPServerForm } from './mcp-server-form';
import { describeServer, isStdio, type MCPServerConfig, type MCPServers } from './mcp-server-draft';
import './mcp-settings.css';

/**
 * The MCP servers every conversation starts (settings.json), saved as soon as they change. Env and
 * header values come back masked; sent back unchanged, the runtime keeps what it holds.
 */
export function GlobalMCPServers() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const servers: MCPServers = settings.data?.mcp_servers ?? {};
  /** The server being edited (its name), `new` for the add form, null when no form is open. */
  const [editing, setEditing] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: MCPServers) => unwrap(client.PATCH('/api/settings', { body: { mcp_servers: next } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      setEditing(null);
    },
  });
  const replace = (name: string, config: MCPServerConfig | undefined, previousName = name) => {
    const next: MCPServers = {};
    for (const [key, value] of Object.entries(servers)) {
      if (key === previousName) {
        if (config) next[name] = config;
      } else next[key] = value;
    }
    if (config && !(previousName in servers)) next[name] = config;
    save.mutate(next);
  };
  const entries = Object.entries(servers);
  return (
    <div className="settings-list">
      {entries.length === 0 ? (
        <p className="settings-list__empty">No servers yet.</p>
      ) : (
        <ul className="settings-list__items">
          {entries.map(([name, config]) =>
            editing === name ? (
              <li key={name}>
                <MCPServerForm
                  name={name}
                  config={config}
                  taken={entries.map(([key]) => key).filter((key) => key !== name)}
                  busy={save.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={(nextName, nextConfig) => replace(nextName, nextConfig, name)}
                />
              </li>
            ) : (
              <li key={name} className="settings-list__row" data-testid="mcp-server-row">
                <input
                  type="checkbox"
                  className="mcp-settings__toggle"
                  checked={config.enabled !== false}
                  aria-label={`Start ${name}`}
                  title={config.enabled === false ? 'Off: not started' : 'On: started for every conversation'}
                  disabled={save.isPending}
                  onChange={(event) => {
                    const { enabled: _enabled, ...rest } = config;
                    replace(name, event.target.checked ? rest : { ...rest, enabled: false });
                  }}
                />
                <span className="mcp-settings__name">{name}</span>
                <span className="mcp-settings__transport">{isStdio(config) ? 'stdio' : 'HTTP'}</span>
                <code className="mcp-settings__where" title={describeServer(config)}>
                  {describeServer(config)}
                </code>
                <button
                  type="button"
                  className="button button--ghost button--small button--icon"
                  aria-label={`Edit ${name}`}
                  title="Edit"
                  disabled={editing !== null}
                  onClick={() => setEditing(name)}
                >
                  <Pencil size={13} />
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small button--icon"
                  aria-label={`Remove ${name}`}
                  title="Remove"
                  disabled={save.isPending}
                  onClick={() => replace(name, undefined)}
                >
                  <Trash2 size={13} />
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <MCPServerForm
          taken={entries.map(([key]) => key)}
          busy={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(name, config) => replace(name, config, '')}
        />
      ) : (
        <button
          type="button"
          className="button button--small settings-list__add"
          disabled={editing !== null}
          onClick={() => setEditing('new')}
        >
          <Plus size={13} /> Add a server
        </button>
      )}
      {save.isPending ? (
        <span className="field__hint">
          <LoaderCircle size={12} className="spin" /> Saving…
        </span>
      ) : null}
      {save.isError ? (
        <p className="field__hint field__hint--error" role="alert">
          Could not save: {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
