import { ConversationParamsSchema, ConversationSecretsSchema, SuccessSchema } from '../http/api-schemas';
import { secretValues } from '../../runtime/conversation/requests';
import type { ServerContext, ZodApp } from '../http/server-context';
import { NOT_FOUND_OR_INVALID } from './route-responses';

/**
 * POST /api/conversations/{id}/secrets (the agent server's shape): named secrets for one
 * conversation, kept in the runtime's memory only. They are masked in everything the conversation
 * records and streams, and handed to a terminal command only when it names them (`$NAME`).
 */
export function registerSecretsRoutes(app: ZodApp, context: ServerContext): void {
  app.post(
    '/api/conversations/:id/secrets',
    {
      schema: {
        operationId: 'setConversationSecrets',
        tags: ['conversations'],
        description:
          'Adds or replaces named secrets (a string, `{kind:"StaticSecret", value, description?}`, or `{kind:"LookupSecret", url:"/api/settings/secrets/NAME"}` naming a saved secret, which every conversation has already). Values stay in memory only: never stored, never returned, masked as `‹secret:NAME›` wherever they would appear, and exposed to a terminal command as the environment variable NAME only when the command names it as `$NAME` (braces allowed). Lost when the runtime restarts.',
        params: ConversationParamsSchema,
        body: ConversationSecretsSchema,
        response: { 200: SuccessSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      await context.service().setSecrets(request.params.id, secretValues(request.body.secrets));
      return { success: true as const };
    },
  );
}
