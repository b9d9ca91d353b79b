import { ModelContextSchema } from '../../runtime/events';
import { ConversationParamsSchema, NoQuerySchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { NOT_FOUND_OR_INVALID } from './route-responses';

/** GET /api/conversations/{id}/model_context: what the model reads before the history (ours only). */
export function registerModelContextRoute(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/model_context',
    {
      schema: {
        operationId: 'getModelContext',
        tags: ['conversations'],
        description:
          "What the conversation's model reads before its history, read-only: the system prompt's static and dynamic parts and the tools with their argument schemas, as the active branch last recorded them (null and empty when none is recorded), with every known secret masked; the model, and its context window in tokens (null when unknown; `assumed_context_window` is what condensation uses meanwhile). Not part of upstream's API.",
        params: ConversationParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: ModelContextSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => await context.service().modelContext(request.params.id),
  );
}
