import { z } from 'zod';
import { SecurityRiskSchema } from '../../runtime/events';
import { ConversationParamsSchema, ErrorResponseSchema } from '../api-schemas';
import type { ServerContext, ZodApp } from '../server-context';

const MCPServerStatusSchema = z.strictObject({
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  /** `disabled`: off in the settings or for this conversation; `stopped`: it was ready, then went away. */
  state: z.enum(['starting', 'ready', 'failed', 'disabled', 'stopped']),
  /** Why it failed or stopped. */
  reason: z.string().optional(),
  tools: z.array(
    z.strictObject({
      /** The tool's name on its server. */
      name: z.string(),
      /** The name the model calls it by (`<server>__<tool>`). */
      model_name: z.string(),
      description: z.string(),
      /** From the server's annotations: read-only LOW, destructive HIGH, otherwise UNKNOWN. */
      risk: SecurityRiskSchema,
    }),
  ),
});

/** The MCP servers of a conversation as its tools see them now. */
export function registerMCPRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/mcp',
    {
      schema: {
        operationId: 'listConversationMCPServers',
        tags: ['conversations'],
        description:
          "The conversation's MCP servers (the global ones from the settings, those it turned off marked `disabled`, and its own from `mcp_config`), each once it is listed or failed: its state, why it failed, and its tools with the names the model sees and their risk. Starts the servers when the conversation is not loaded.",
        params: ConversationParamsSchema,
        response: {
          200: z.strictObject({ items: z.array(MCPServerStatusSchema) }),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ items: await context.service().mcpStatus(request.params.id) }),
  );
}
