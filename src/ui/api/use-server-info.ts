import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';
import { unwrap } from './describe-api-error';

/**
 * The runtime's /server_info, polled: it doubles as the header's reachability signal, so it checks
 * more often while the runtime is unreachable.
 */
export function useServerInfo() {
  const { client } = useApi();
  return useQuery({
    queryKey: ['server_info'],
    queryFn: ({ signal }) => unwrap(client.GET('/server_info', { signal })),
    refetchInterval: (query) => (query.state.status === 'error' ? 3_000 : 15_000),
    retry: false,
    staleTime: 0,
  });
}
