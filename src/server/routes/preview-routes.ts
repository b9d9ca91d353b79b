import { z } from 'zod';
import { ConversationParamsSchema, ErrorResponseSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';

const PreviewSchema = z.strictObject({
  /** False when this runtime serves no preview origin (started without one, e.g. by hand). */
  available: z.boolean(),
  /** The TCP ports something listens on in the sandbox now, each with its address on the preview origin. */
  ports: z.array(z.strictObject({ port: z.number().int(), url: z.string() })),
});

/** What the Preview tab may open for a conversation. */
export function registerPreviewRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/preview',
    {
      schema: {
        operationId: 'getConversationPreview',
        tags: ['conversations'],
        description:
          "The ports something listens on in the conversation's sandbox now (read from its network namespace; none when its sandbox is not running, which this never starts), each with its URL on the preview origin: another loopback port, one host per conversation and port, with no workbench cookie and no API.",
        params: ConversationParamsSchema,
        response: { 200: PreviewSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      await context.service().get(id);
      const site = context.preview;
      if (site === undefined) return { available: false, ports: [] };
      const ports = (await context.service().loadedSandbox(id)?.preview?.ports()) ?? [];
      return { available: true, ports: ports.map((port) => ({ port, url: site.urlOf(id, port) })) };
    },
  );
}
