import { useQuery } from '@tanstack/react-query';
import type { paths } from '../../client/schema';
import { useApi } from './api-context';
import { unwrap } from './describe-api-error';

/** GET /api/conversations/{id}/model_context: the system prompt, the tools and the model's window. */
export type ModelContext =
  paths['/api/conversations/{id}/model_context']['get']['responses'][200]['content']['application/json'];

/** What the conversation's model reads before its history; `model` in the key refetches after a switch. */
export function useModelContext(conversationId: string, model: string | undefined, enabled = true) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['conversation', conversationId, 'model-context', model ?? null],
    queryFn: async (): Promise<ModelContext> =>
      unwrap(
        client.GET('/api/conversations/{id}/model_context', {
          params: { path: { id: conversationId } },
        }),
      ),
    enabled,
    // The prompt is recorded once per branch; the first run may record it after the page opened.
    staleTime: 10_000,
  });
}
