import { useQuery } from '@tanstack/react-query';
import type { ConversationInfo, ExecutionStatus } from '../api/wire-types';

/** Where a run's conversation stands: its status, and the budget that paused it (null: none). */
export interface RunConversationState {
  status: ExecutionStatus;
  budgetPause: NonNullable<ConversationInfo['budget_pause']> | null;
}
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';

/**
 * Where the conversations of started runs are now (running, waiting for you, finished, stopped at a
 * budget…), from the runtime in one batch request; `null` for one that was deleted since. Refreshed
 * while shown.
 */
export function useConversationStatuses(ids: readonly string[]): Map<string, RunConversationState | null> {
  const { client } = useApi();
  const query = useQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, 'statuses', ...ids],
    enabled: ids.length > 0,
    queryFn: () => unwrap(client.GET('/api/conversations', { params: { query: { ids: [...ids] } } })),
    refetchInterval: 3_000,
  });
  const infos = query.data;
  if (!infos) return new Map();
  return new Map(
    ids.map((id, index) => {
      const info = infos[index];
      return [id, info ? { status: info.execution_status, budgetPause: info.budget_pause ?? null } : null];
    }),
  );
}
