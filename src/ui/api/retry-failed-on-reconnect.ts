import type { QueryClient } from '@tanstack/react-query';
import { isTransientApiError } from './transient-api-error';

/** The query whose success says the runtime answers again (see useServerInfo). */
export const SERVER_INFO_QUERY_KEY = ['server_info'] as const;

/**
 * Whenever /server_info answers, every query that failed because the runtime was unreachable (a
 * network error, 502/503/504) is fetched again: a page opened while the runtime restarted recovers by
 * itself once the header says Connected, without a reload. Returns the unsubscribe function.
 */
export function retryFailedOnReconnect(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== JSON.stringify(SERVER_INFO_QUERY_KEY)) return;
    void queryClient.refetchQueries(
      {
        predicate: (query) =>
          query.queryHash !== event.query.queryHash &&
          query.state.status === 'error' &&
          query.state.fetchStatus === 'idle' &&
          isTransientApiError(query.state.error),
      },
      { cancelRefetch: false },
    );
  });
}
