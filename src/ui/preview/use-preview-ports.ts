import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';

/** How often the open Preview tab looks for new listening ports: a cheap read of two /proc files. */
const PORTS_REFRESH_MS = 3_000;

/** The ports something listens on in the conversation's sandbox, each with its preview URL. */
export function usePreviewPorts(conversationId: string) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['conversation', conversationId, 'preview'],
    queryFn: () =>
      unwrap(client.GET('/api/conversations/{id}/preview', { params: { path: { id: conversationId } } })),
    refetchInterval: PORTS_REFRESH_MS,
  });
}
