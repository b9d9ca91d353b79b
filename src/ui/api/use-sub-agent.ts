import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';
import { unwrap } from './describe-api-error';
import type { ConversationInfo } from './wire-types';

/** How often a sub-agent card looks again while its child may still change. */
const SUB_AGENT_POLL_MS = 1_000;

/**
 * The child conversation a `task` call made: by its id once the call answered (`childId`), else found
 * among the parent's sub-agents by the action that made it. Polled while `live`; null until it exists.
 */
export function useSubAgent(options: {
  parentId: string | undefined;
  actionId: string;
  childId: string | undefined;
  live: boolean;
}) {
  const { client } = useApi();
  const { parentId, actionId, childId, live } = options;
  return useQuery({
    queryKey: ['sub-agent', parentId, actionId, childId ?? null],
    enabled: childId !== undefined || parentId !== undefined,
    queryFn: async ({ signal }): Promise<ConversationInfo | null> => {
      if (childId)
        return unwrap(client.GET('/api/conversations/{id}', { params: { path: { id: childId } }, signal }));
      if (!parentId) return null;
      const parent = await unwrap(
        client.GET('/api/conversations/{id}', { params: { path: { id: parentId } }, signal }),
      );
      const ids = parent.sub_conversation_ids ?? [];
      if (ids.length === 0) return null;
      const children = await unwrap(client.GET('/api/conversations', { params: { query: { ids } }, signal }));
      return children.find((child) => child?.parent_action_id === actionId) ?? null;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.execution_status;
      return live || status === 'running' || status === 'waiting_for_confirmation'
        ? SUB_AGENT_POLL_MS
        : false;
    },
    retry: false,
  });
}
