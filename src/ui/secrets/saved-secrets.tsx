import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LoaderCircle, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { type SecretDraft, SecretForm } from './secret-form';
import { SAVED_SECRETS_QUERY_KEY, useSavedSecrets } from './use-saved-secrets';
import './saved-secrets.css';

/**
 * The person's saved secrets, saved as soon as they change. A value is typed once and never shown
 * again: the list says only that it is set.
 */
export function SavedSecrets() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const secrets = useSavedSecrets();
  /** The secret whose value is being replaced (its name), `new` for the add form, null when none is open. */
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SAVED_SECRETS_QUERY_KEY });
  const save = useMutation({
    mutationFn: (draft: SecretDraft) =>
      unwrap(
        client.PUT('/api/secrets/{name}', {
          params: { path: { name: draft.name } },
          body: { value: draft.value, description: draft.description.trim() || null },
        }),
      ),
    onSuccess: async () => {
      await refresh();
      setEditing(null);
    },
  });
  const remove = useMutation({
    mutationFn: (name: string) =>
      unwrap(client.DELETE('/api/secrets/{name}', { params: { path: { name } } })),
    onSettled: refresh,
  });
  const items = secrets.data ?? [];
  const busy = save.isPending || remove.isPending;
  const failure = save.error ?? remove.error;
  return (
    <div className="settings-list">
      {secrets.isPending ? (
        <p className="settings-list__empty">Loading…</p>
      ) : items.length === 0 ? (
        <p className="settings-list__empty">No secrets yet.</p>
      ) : (
        <ul className="settings-list__items">
          {items.map((secret) =>
            editing === secret.name ? (
              <li key={secret.name}>
                <SecretForm
                  name={secret.name}
                  description={secret.description}
                  taken={[]}
                  busy={save.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={(draft) => save.mutate(draft)}
                />
              </li>
            ) : (
              <li key={secret.name} className="settings-list__row" data-testid="secret-row">
                <KeyRound size={13} aria-hidden className="secrets__icon" />
                <code className="secrets__name">{secret.name}</code>
                <span className="secrets__set" title={`Saved ${secret.updated_at}`}>
                  set
                </span>
                <span className="secrets__description">{secret.description ?? ''}</span>
                <button
                  type="button"
                  className="button button--ghost button--small button--icon"
                  aria-label={`Replace the value of ${secret.name}`}
                  title="Replace the value"
                  disabled={editing !== null || busy}
                  onClick={() => setEditing(secret.name)}
                >
                  <RefreshCw size={13} />
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small button--icon"
                  aria-label={`Delete ${secret.name}`}
                  title="Delete"
                  disabled={busy}
                  onClick={() => remove.mutate(secret.name)}
                >
                  <Trash2 size={13} />
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <SecretForm
          taken={items.map((secret) => secret.name)}
          busy={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(draft) => save.mutate(draft)}
        />
      ) : (
        <button
          type="button"
          className="button button--small settings-list__add"
          disabled={editing !== null}
          onClick={() => setEditing('new')}
        >
          <Plus size={13} /> Add a secret
        </button>
      )}
      {busy ? (
        <span className="field__hint">
          <LoaderCircle size={12} className="spin" /> Saving…
        </span>
      ) : null}
      {failure ? (
        <p className="field__hint field__hint--error" role="alert">
          Could not save: {failure.message}
        </p>
      ) : null}
    </div>
  );
}
