import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../api/api-context';
import type { ListView } from './conversation-list-item';
import { type ConversationSearchQuery, fetchConversationPage } from './fetch-conversation-page';
import { historyKeys } from './history-query-keys';
import { retryUnlessRefused } from './retry-unless-refused';

const PINNED_POLL_MS = 10_000;

/**
 * The pinned section: its own query (pinned=true), in the list's order and status filter. People pin
 * a handful, so every page is fetched up front (no cap, and no scrolling needed to see them all).
 */
export function usePinnedConversations(view: ListView) {
  const { client } = useApi();
  const query: ConversationSearchQuery = {
    pinned: 'true',
    sort_order: view.sort,
    limit: 100,
    ...(view.status ? { status: view.status } : {}),
  };
  const pinned = useInfiniteQuery({
    queryKey: historyKeys.pinned(view),
    queryFn: ({ pageParam, signal }) =>
      fetchConversationPage(client, pageParam ? { ...query, page_id: pageParam } : query, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_page_id ?? undefined,
    refetchInterval: (state) => (state.state.status === 'error' ? false : PINNED_POLL_MS),
    retry: retryUnlessRefused,
    refetchOnWindowFocus: 'always',
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pinned;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return pinned;
}
