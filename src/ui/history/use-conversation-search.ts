import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../api/api-context';
import type { ConversationListItem } from './conversation-list-item';
import { fetchConversationPage } from './fetch-conversation-page';
import { historyKeys } from './history-query-keys';
import { retryUnlessRefused } from './retry-unless-refused';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 180;
const SEARCH_PAGE_SIZE = 20;

export interface ConversationSearch {
  /** The text the shown results are for (the typed text once typing paused), trimmed. */
  settledText: string;
  results: ConversationListItem[];
  /** True while the typed text has not been searched yet or a search is in flight. */
  searching: boolean;
  /** The runtime's refusal or a network failure, in words (e.g. a 422 for a far too long query). */
  error: string | undefined;
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * Full-text search over titles and message text, ranked by the runtime. The text is sent as typed:
 * the runtime searches FTS syntax characters (quotes, `*`, `NEAR(`, `-`) as plain text.
 */
export function useConversationSearch(text: string): ConversationSearch {
  const { client } = useApi();
  const trimmed = text.trim();
  const settledText = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const search = useInfiniteQuery({
    queryKey: historyKeys.search(settledText),
    queryFn: ({ pageParam, signal }) =>
      fetchConversationPage(
        client,
        { q: settledText, limit: SEARCH_PAGE_SIZE, ...(pageParam ? { page_id: pageParam } : {}) },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_page_id ?? undefined,
    enabled: settledText.length > 0,
    staleTime: 10_000,
    retry: retryUnlessRefused,
  });
  const results = useMemo(() => search.data?.pages.flatMap((page) => page.items) ?? [], [search.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  return {
    settledText,
    results,
    searching: trimmed !== settledText || search.isFetching,
    error: search.error?.message,
    hasMore: hasNextPage,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
  };
}
