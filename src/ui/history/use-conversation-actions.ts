import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';
import type { ConversationListItem, ListView } from './conversation-list-item';
import { downloadExport, type ExportFormat } from './download-export';
import { historyKeys } from './history-query-keys';
import type { PagedList } from './merge-head-page';
import { insertCachedItem, removeCachedItem, updateCachedItem } from './patch-cached-pages';

type Snapshot = [QueryKey, unknown][];

/** The paged caches a row change must show in at once: the list, the pinned section, search results. */
const PAGED_ROOTS: QueryKey[] = [
  historyKeys.listRoot,
  historyKeys.pinnedRoot,
  [...CONVERSATIONS_QUERY_KEY, 'history-search'],
];

/**
 * Rename, pin, delete and export for one conversation. Rename and pin are optimistic: every cached
 * copy of the row changes at once and goes back if the runtime refuses. Afterwards the small queries
 * are refreshed, so the first-page merge brings the runtime's own version.
 */
export function useConversationActions(view: ListView) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();

  const applyEverywhere = async (change: <P>(list: PagedList<P>) => PagedList<P>): Promise<Snapshot> => {
    // In-flight polls would bring back the old row over the optimistic one.
    await queryClient.cancelQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    const snapshot: Snapshot = [];
    for (const queryKey of PAGED_ROOTS) {
      for (const [key, data] of queryClient.getQueriesData<PagedList>({ queryKey })) {
        if (!data) continue;
        snapshot.push([key, data]);
        queryClient.setQueryData<PagedList>(key, change(data));
      }
    }
    return snapshot;
  };
  const restore = (snapshot: Snapshot | undefined) => {
    for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });

  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      unwrap(client.PATCH('/api/conversations/{id}', { params: { path: { id } }, body: { title } })),
    onMutate: ({ id, title }) => applyEverywhere((list) => updateCachedItem(list, id, { title })),
    onError: (_error, _variables, snapshot) => restore(snapshot),
    onSettled: refresh,
  });

  const setPinned = useMutation({
    mutationFn: ({ conversation, pinned }: { conversation: ConversationListItem; pinned: boolean }) =>
      unwrap(
        client.PATCH('/api/conversations/{id}', {
          params: { path: { id: conversation.id } },
          body: { pinned },
        }),
      ),
    onMutate: async ({ conversation, pinned }) => {
      const snapshot = await applyEverywhere((list) => updateCachedItem(list, conversation.id, { pinned }));
      if (pinned) {
        queryClient.setQueryData<PagedList>(historyKeys.pinned(view), (cached) =>
          cached ? insertCachedItem(cached, { ...conversation, pinned }, view.sort) : cached,
        );
      }
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => restore(snapshot),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: ({ id, deleteFiles }: { id: string; deleteFiles?: boolean }) =>
      unwrap(
        client.DELETE('/api/conversations/{id}', {
          params: { path: { id }, ...(deleteFiles ? { query: { delete_files: 'true' as const } } : {}) },
        }),
      ),
    onSuccess: async (_answer, { id }) => {
      if (location === `/conversations/${id}`) navigate('/');
      await applyEverywhere((list) => removeCachedItem(list, id));
      refresh();
    },
  });

  const exportAs = useMutation({
    mutationFn: ({ id, format }: { id: string; format: ExportFormat }) => downloadExport(client, id, format),
  });

  return { rename, setPinned, remove, exportAs };
}

export type ConversationActions = ReturnType<typeof useConversationActions>;
