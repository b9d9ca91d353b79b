import { ConversationParamsSchema, ExportQuerySchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { NOT_FOUND_OR_INVALID } from './route-responses';

/** GET /api/conversations/{id}/export: the active branch as a download, secrets redacted. */
export function registerExportRoute(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/export',
    {
      schema: {
        operationId: 'exportConversation',
        tags: ['conversations'],
        description:
          'The active branch as JSON (`format=json`) or Markdown (`format=md`), with API keys and tokens redacted, as an attachment.',
        params: ConversationParamsSchema,
        querystring: ExportQuerySchema,
        response: {
          200: {
            description: 'The export file',
            content: {
              'application/json': { schema: { type: 'object' } },
              'text/markdown': { schema: { type: 'string' } },
            },
          },
          ...NOT_FOUND_OR_INVALID,
        },
      },
    },
    async (request, reply) => {
      const file = await context.service().exportConversation(request.params.id, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .send(file.content);
    },
  );
}

/** An attachment header safe for any file name: an ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
