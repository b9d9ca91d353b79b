import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';
import { unwrap } from './describe-api-error';
import { retryTransient, transientRetryDelay } from './transient-api-error';

export const CONVERSATIONS_QUERY_KEY = ['conversations'] as const;

/** The newest conversations for the plain sidebar list (the full history view pages through all). */
export function useRecentConversations(limit = 40) {
  const { client } = useApi();
  return useQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, 'recent', limit],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/api/conversations/search', {
          params: { query: { limit, sort_order: 'UPDATED_AT_DESC' } },
          signal,
        }),
      ),
    refetchInterval: 5_000,
    retry: retryTransient,
    retryDelay: transientRetryDelay,
  });
}
