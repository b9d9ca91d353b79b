import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '../api/api-context';
import { describeApiError, unwrap } from '../api/describe-api-error';
import './hooks.css';

/**
 * When the workspace ships `.openhands/hooks.json` the person has not accepted (as it is now): says
 * so, shows the file, and runs none of it until they accept. Accepting sends the hash of the file
 * shown, so a file changed after it was shown is refused and shown again.
 */
export function WorkspaceHooksNotice({ conversationId }: { conversationId: string }) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const queryKey = ['conversation', conversationId, 'workspace-hooks'];
  const file = useQuery({
    queryKey,
    queryFn: () =>
      unwrap(
        client.GET('/api/conversations/{id}/workspace_hooks', { params: { path: { id: conversationId } } }),
      ),
  });
  const accept = useMutation({
    mutationFn: (sha256: string) =>
      unwrap(
        client.POST('/api/conversations/{id}/workspace_hooks/accept', {
          params: { path: { id: conversationId } },
          body: { sha256 },
        }),
      ),
    onSuccess: (view) => queryClient.setQueryData(queryKey, view),
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  });
  const view = file.data;
  if (!view?.exists || view.accepted) return null;
  return (
    <div
      className="notice notice--warning workspace-hooks"
      role="status"
      data-testid="workspace-hooks-notice"
    >
      <ShieldQuestion size={16} aria-hidden />
      <div className="workspace-hooks__body">
        <span>
          <strong>This workspace ships hooks</strong> (<code>{view.path}</code>): commands it would run at the
          agent's steps. None runs until you accept the file as it is.
          {view.problem ? ` It cannot be used: ${view.problem}.` : ''}
        </span>{' '}
        <button type="button" className="link-button" onClick={() => setOpen(!open)}>
          {open ? 'Hide it' : 'Show it'}
        </button>
        {open ? <pre className="workspace-hooks__content">{view.content ?? ''}</pre> : null}
        {view.sha256 && view.config ? (
          <button
            type="button"
            className="button button--small"
            disabled={accept.isPending}
            onClick={() => accept.mutate(view.sha256 as string)}
          >
            Accept these hooks
          </button>
        ) : null}
        {accept.error ? <p role="alert">Not accepted: {describeApiError(accept.error)}</p> : null}
      </div>
    </div>
  );
}
