import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../api/api-context';
import { retryTransient, transientRetryDelay } from '../api/transient-api-error';
import type { ConversationPage, ListView } from './conversation-list-item';
import { type ConversationSearchQuery, fetchConversationPage } from './fetch-conversation-page';
import { historyKeys } from './history-query-keys';
import { mergeHeadPage } from './merge-head-page';

export const LIST_PAGE_SIZE = 50;
const HEAD_POLL_MS = 4_000;

export type ConversationPages = InfiniteData<ConversationPage, string | undefined>;

/**
 * Every conversation, page by page as the person scrolls (cursor paging, no cap).
 *
 * Live updates: only the first page is polled (every few seconds while the tab is visible, at once on
 * window focus, and whenever the app invalidates `['conversations']` after creating or running one),
 * and merged into the cached pages by id and order (mergeHeadPage). New and newly active
 * conversations appear on top within seconds, at the cost of one 50-row request, however many pages
 * are loaded; refetching the whole infinite query instead would re-request every page scrolled through.
 * What this does not see: a change to a conversation deep in the list that does not bring it to the
 * top (its row there stays as loaded until the page is reopened) — under the default "recent activity"
 * order any activity does bring it to the top.
 */
export function useConversationList(view: ListView) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const query: ConversationSearchQuery = {
    sort_order: view.sort,
    limit: LIST_PAGE_SIZE,
    ...(view.status ? { status: view.status } : {}),
  };

  const list = useInfiniteQuery({
    queryKey: historyKeys.list(view),
    queryFn: ({ pageParam, signal }) =>
      fetchConversationPage(client, pageParam ? { ...query, page_id: pageParam } : query, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_page_id ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // While the runtime restarts (502/503, no answer): again with backoff, and at once when it is back.
    retry: retryTransient,
    retryDelay: transientRetryDelay,
  });

  const head = useQuery({
    queryKey: historyKeys.head(view),
    queryFn: ({ signal }) => fetchConversationPage(client, query, signal),
    enabled: list.isSuccess,
    refetchInterval: HEAD_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });

  const listKey = historyKeys.list(view);
  const listKeyText = JSON.stringify(listKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: listKeyText stands for listKey (a new array each render)
  useEffect(() => {
    const fresh = head.data;
    if (!fresh) return;
    queryClient.setQueryData<ConversationPages>(listKey, (cached) =>
      cached ? mergeHeadPage(cached, fresh, view.sort) : cached,
    );
  }, [head.data, queryClient, listKeyText, view.sort]);

  return list;
}
