import { ErrorResponseSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { MAX_ZIP_ENTRIES, storedZip } from '../http/stored-zip';
import { sendFileError } from './workspace-file-refusal';
import { TrajectoryParamsSchema } from './workspace-file-schemas';

/** What the export's JSON holds that the archive needs. */
interface ExportedTrajectory {
  conversation: unknown;
  events: ReadonlyArray<{ id: string }>;
}

/**
 * Upstream's trajectory download: the conversation's folder as its agent server keeps it, zipped
 * (`<hex id>/base_state.json`, `<hex id>/events/event-00000-<event id>.json`, one file an event of the
 * active branch). Built from the export, so every secret is masked as there.
 */
export function registerTrajectoryRoute(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/file/download-trajectory/:conversation_id',
    {
      schema: {
        operationId: 'downloadTrajectory',
        tags: ['files'],
        description:
          "A zip of the conversation as upstream's agent server stores it: `<hex id>/base_state.json` (our ConversationInfo) and `<hex id>/events/event-NNNNN-<event id>.json` for each event of the active branch, secrets masked as in the export. 404 for an unknown id; 413 `trajectory_too_large` past 65,534 events (use GET /api/conversations/{id}/export).",
        params: TrajectoryParamsSchema,
        response: {
          200: {
            description: 'The zip archive',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          404: ErrorResponseSchema,
          413: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const exported = await context.service().exportConversation(request.params.conversation_id, 'json');
      const { conversation, events } = JSON.parse(exported.content) as ExportedTrajectory;
      if (events.length >= MAX_ZIP_ENTRIES) return sendFileError(reply, 'trajectory_too_large');
      const folder = request.params.conversation_id.replaceAll('-', '').toLowerCase();
      const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2));
      const archive = storedZip([
        { name: `${folder}/base_state.json`, data: json(conversation) },
        ...events.map((event, index) => ({
          name: `${folder}/events/event-${String(index).padStart(5, '0')}-${String(event.id).replace(/[^\w-]/g, '_')}.json`,
          data: json(event),
        })),
      ]);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${folder}.zip"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
}
