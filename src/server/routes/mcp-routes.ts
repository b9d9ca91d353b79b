import { z } from 'zod';
import { SecurityRiskSchema } from '../../runtime/events';
import { MCPServerNameSchema } from '../../runtime/mcp/mcp-server-config';
import {
  ConversationParamsSchema,
  ErrorResponseSchema,
  ValidationErrorResponseSchema,
} from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';

const MCPServerStatusSchema = z.strictObject({
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  /** `disabled`: off in the settings or for this conversation; `stopped`: it was ready, then went away. */
  state: z.enum(['starting', 'ready', 'failed', 'disabled', 'stopped']),
  /** `settings`: a global server; `conversation`: one of the conversation's own (`mcp_config`). */
  source: z.enum(['settings', 'conversation']),
  /** Only when `disabled`: off in the settings (`enabled: false`), or by this conversation (`disabled_global`, its own config). */
  disabled_by: z.enum(['settings', 'conversation']).optional(),
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

  app.patch(
    '/api/conversations/:id/mcp',
    {
      schema: {
        operationId: 'setConversationMCPServers',
        tags: ['conversations'],
        description:
          'Which global MCP servers this conversation leaves off (`disabled_global` replaces the list; the others run), then its servers restarted and their status as GET answers it. Kept like `mcp_config`, across restarts. 409 `conversation_already_running` while a run goes; 422 `unknown_mcp_server` for a name no server in the settings has.',
        params: ConversationParamsSchema,
        body: z.strictObject({ disabled_global: z.array(MCPServerNameSchema).max(100) }),
        response: {
          200: z.strictObject({ items: z.array(MCPServerStatusSchema) }),
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          422: ValidationErrorResponseSchema.or(ErrorResponseSchema),
        },
      },
    },
    async (request) => ({
      items: await context
        .service()
        .setDisabledGlobalMCPServers(request.params.id, request.body.disabled_global),
    }),
  );
}
