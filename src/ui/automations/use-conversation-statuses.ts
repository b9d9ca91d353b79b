import { useQuery } from '@tanstack/react-query';
import type { ExecutionStatus } from '../api/wire-types';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';

/**
 * Where the conversations of started runs are now (running, waiting for you, finished…), from the
 * runtime in one batch request; `null` for one that was deleted since. Refreshed while shown.
 */
export function useConversationStatuses(ids: readonly string[]): Map<string, ExecutionStatus | null> {
  const { client } = useApi();
  const query = useQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, 'statuses', ...ids],
    enabled: ids.length > 0,
    queryFn: () => unwrap(client.GET('/api/conversations', { params: { query: { ids: [...ids] } } })),
    refetchInterval: 3_000,
  });
  const infos = query.data;
  if (!infos) return new Map();
  return new Map(ids.map((id, index) => [id, infos[index]?.execution_status ?? null]));
}
