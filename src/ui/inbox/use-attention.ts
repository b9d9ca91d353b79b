import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRoute } from 'wouter';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';
import { useAutomationClient } from '../automations/use-automations';
import { type AttentionItem, attentionItems } from './attention-items';
import { useInboxSeen } from '../stores/inbox-seen-store';

const POLL_MS = 4_000;
/** Runs end one at a time: the newest 50 conversations hold every end worth telling. */
const RECENT_LIMIT = 50;
export const ATTENTION_QUERY_KEY = [...CONVERSATIONS_QUERY_KEY, 'attention'] as const;

/**
 * The inbox's items, from the runtime's list (what waits, from `pending_action_ids`; what ended,
 * from `execution_status`) and the automation service's last runs, polled; "seen" from this browser.
 * An automation service that does not answer leaves its runs out, never the rest.
 */
export function useAttention(): { items: AttentionItem[]; loaded: boolean } {
  const { client } = useApi();
  const automationClient = useAutomationClient();
  const [, params] = useRoute('/conversations/:id');
  const openConversationId = params?.id;
  const search = (query: {
    status?: 'waiting_for_confirmation';
    limit: number;
    include_children?: 'true';
  }) => ({
    queryKey: [...ATTENTION_QUERY_KEY, query.status ?? 'recent'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      unwrap(
        client.GET('/api/conversations/search', {
          params: { query: { ...query, sort_order: 'UPDATED_AT_DESC' } },
          signal,
        }),
      ),
    refetchInterval: POLL_MS,
  });
  // A sub-agent's approval is the person's too: it waits in the inbox like its parent's would.
  const waiting = useQuery(
    search({ status: 'waiting_for_confirmation', limit: 100, include_children: 'true' }),
  );
  const recent = useQuery(search({ limit: RECENT_LIMIT }));
  const automations = useQuery({
    queryKey: [...ATTENTION_QUERY_KEY, 'automations'],
    queryFn: async () => (await automationClient.list()).data?.items ?? [],
    refetchInterval: POLL_MS,
    retry: false,
  });
  const since = useInboxSeen((state) => state.since);
  const seen = useInboxSeen((state) => state.seen);
  const items = useMemo(
    () =>
      attentionItems(
        {
          waiting: waiting.data?.items ?? [],
          recent: recent.data?.items ?? [],
          automations: automations.data ?? [],
          openConversationId,
        },
        { since, seen },
      ),
    [waiting.data, recent.data, automations.data, openConversationId, since, seen],
  );
  return { items, loaded: waiting.isSuccess && recent.isSuccess };
}
