import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from './api-context';
import { unwrap } from './describe-api-error';
import { retryFailedOnReconnect, SERVER_INFO_QUERY_KEY } from './retry-failed-on-reconnect';

/**
 * The runtime's /server_info, polled: it doubles as the header's reachability signal, so it checks
 * more often while the runtime is unreachable; and when it answers, queries that failed while the
 * runtime was away are fetched again (retryFailedOnReconnect).
 */
export function useServerInfo() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  useEffect(() => retryFailedOnReconnect(queryClient), [queryClient]);
  return useQuery({
    queryKey: SERVER_INFO_QUERY_KEY,
    queryFn: ({ signal }) => unwrap(client.GET('/server_info', { signal })),
    refetchInterval: (query) => (query.state.status === 'error' ? 3_000 : 15_000),
    retry: false,
    staleTime: 0,
  });
}
