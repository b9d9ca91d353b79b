import { z } from 'zod';
import { ConversationParamsSchema, EmptyBodySchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';

/** The path the ingress asks; not part of the public API (hidden from the OpenAPI document). */
export const OWNER_ROUTE = '/api/internal/conversations/:id/owner';

/**
 * POST /api/internal/conversations/{id}/owner: which runtime serves the conversation, for the ingress's
 * routing when several runtimes share a database. The runtime asked takes the lease when nobody holds
 * a live one (so the ingress spreads conversations by whom it asks). `owner_url` is null when this
 * runtime is the only one (no leases). 404 for an unknown conversation.
 */
export function registerOwnerRoute(app: ZodApp, context: ServerContext): void {
  app.post(
    OWNER_ROUTE,
    {
      schema: {
        hide: true,
        params: ConversationParamsSchema,
        body: EmptyBodySchema,
        response: { 200: z.object({ owner_url: z.string().nullable() }) },
      },
    },
    async (request) => {
      const service = context.service();
      const ownerUrl = service.ownerOf ? await service.ownerOf(request.params.id) : undefined;
      return { owner_url: ownerUrl ?? null };
    },
  );
}
