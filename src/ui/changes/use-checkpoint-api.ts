import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';

const PREVIEW = 'restore-preview';

/** Every query of one conversation's checkpoints and changes starts with this key: one invalidation refreshes them all. */
export function checkpointQueryKey(conversationId: string): readonly unknown[] {
  return ['conversation', conversationId, 'checkpoints'];
}

/** The checkpoints of the active branch, one per step that has one, in log order. */
export function useCheckpoints(conversationId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: [...checkpointQueryKey(conversationId), 'list'],
    queryFn: () =>
      unwrap(client.GET('/api/conversations/{id}/checkpoints', { params: { path: { id: conversationId } } })),
    select: (data) => data.items,
  });
}

/** The files that differ between two states (`start`/`now` by default). */
export function useChanges(conversationId: string, from = 'start', to = 'now') {
  const { client } = useApi();
  return useQuery({
    queryKey: [...checkpointQueryKey(conversationId), 'changes', from, to],
    queryFn: () =>
      unwrap(
        client.GET('/api/conversations/{id}/changes', {
          params: { path: { id: conversationId }, query: { from, to } },
        }),
      ),
    placeholderData: (previous) => previous,
  });
}

export function useFileDiff(conversationId: string, path: string, from: string, to: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: [...checkpointQueryKey(conversationId), 'diff', path, from, to],
    queryFn: () =>
      unwrap(
        client.GET('/api/conversations/{id}/changes/diff', {
          params: { path: { id: conversationId }, query: { path, from, to } },
        }),
      ),
  });
}

export function useWorkspaceFile(conversationId: string, path: string, at: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: [...checkpointQueryKey(conversationId), 'file', path, at],
    queryFn: () =>
      unwrap(
        client.GET('/api/conversations/{id}/changes/file', {
          params: { path: { id: conversationId }, query: { path, at } },
        }),
      ),
  });
}

/** What restoring `checkpointId` would change now (a dry run: nothing is written). */
export function useRestorePreview(conversationId: string, checkpointId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: [...checkpointQueryKey(conversationId), PREVIEW, checkpointId],
    queryFn: () =>
      unwrap(
        client.POST('/api/conversations/{id}/restore', {
          params: { path: { id: conversationId } },
          body: { checkpoint_id: checkpointId, dry_run: true },
        }),
      ),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Puts the workspace's files back to a checkpoint; the restore comes back as a durable event. */
export function useRestore(conversationId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkpointId: string) =>
      unwrap(
        client.POST('/api/conversations/{id}/restore', {
          params: { path: { id: conversationId } },
          body: { checkpoint_id: checkpointId },
        }),
      ),
    // Everything but the preview, which belongs to the dialog that is closing.
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: checkpointQueryKey(conversationId),
        predicate: (query) => !query.queryKey.includes(PREVIEW),
      }),
  });
}
