import { isAbsolute, resolve } from 'node:path';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ConversationService } from '../../runtime/conversation/conversation-service';
import { observationsDir } from '../../runtime/conversation/observations-dir';
import type { SecretRegistry } from '../../runtime/secrets/create-secret-registry';
import { withConfinedPath } from '../../runtime/sandbox/confined-files/confined-path';
import { type ConfinedRoot, confinedRoots } from '../../runtime/sandbox/confined-files/confined-root';
import {
  ConversationParamsSchema,
  ErrorResponseSchema,
  ValidationErrorResponseSchema,
} from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';

/** The most of one saved output answered; the rest is left out and `truncated` says so. */
export const MAX_OUTPUT_BYTES = 20 * 1024 * 1024;
/** Read past the cap and redact before cutting, so a secret lying across the cut is masked whole. */
const REDACTION_MARGIN_BYTES = 64 * 1024;
/** How many branchings back a conversation's copied log may name saved outputs from. */
const MAX_FORK_DEPTH = 64;

const OutputQuerySchema = z.strictObject({ path: z.string().min(1).max(4096) });

const SavedOutputSchema = z.strictObject({
  /** The path as asked for (as the observation recorded it). */
  path: z.string(),
  /** The saved file's size in bytes. */
  size: z.number().int().nonnegative(),
  /** Its text (UTF-8), known secrets masked; the first MAX_OUTPUT_BYTES when `truncated`. */
  content: z.string(),
  truncated: z.boolean(),
});

const OUTPUT_ERRORS = {
  output_not_found: {
    status: 404,
    detail: 'No saved output of this conversation at this path',
  },
  outputs_unavailable: {
    status: 503,
    detail: 'Saved outputs are not served: this runtime was started without a data dir or secret redactor',
  },
} as const;

function sendOutputError(reply: FastifyReply, code: keyof typeof OUTPUT_ERRORS): FastifyReply {
  const entry = OUTPUT_ERRORS[code];
  return reply.code(entry.status).send({ detail: entry.detail, code });
}

/**
 * The full text of a tool output that was cut for the model (a TerminalObservation's
 * `full_output_path`), for the UI's "Show full output". Only files in the conversation's own
 * observations folder, or in the folders of the conversations it was branched from (its copied log
 * names theirs), resolved without following a link out of them: anything else is the same 404, so
 * the answer never tells whether a path exists elsewhere.
 */
export function registerOutputRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/outputs',
    {
      schema: {
        operationId: 'getSavedOutput',
        tags: ['conversations'],
        description:
          "The saved full text of a tool output cut for the model: `path` is a TerminalObservation's `full_output_path` as recorded. Known secrets are masked; at most 20 MiB (`truncated`). 404 `output_not_found` for any path that is not a saved output of this conversation (or of those it was branched from), also when a link leads out of its folder.",
        params: ConversationParamsSchema,
        querystring: OutputQuerySchema,
        response: {
          200: SavedOutputSchema,
          404: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const service = context.service();
      // Unknown conversation: 404 conversation_not_found from the catalogue.
      await service.get(id);
      if (context.dataDir === undefined || context.secrets === undefined) {
        return sendOutputError(reply, 'outputs_unavailable');
      }
      const asked = request.query.path;
      if (!isAbsolute(asked)) return sendOutputError(reply, 'output_not_found');
      const roots = await outputRoots(service, context.dataDir, id);
      const saved = await readConfined(roots, resolve(asked), context.secrets, id);
      if (saved === undefined) return sendOutputError(reply, 'output_not_found');
      return { path: asked, ...saved };
    },
  );
}

/** The observations folders a conversation's log may name: its own, then those of its fork sources. */
async function outputRoots(
  service: ConversationService,
  dataDir: string,
  conversationId: string,
): Promise<ConfinedRoot[]> {
  const ids = [conversationId];
  let source = (await service.get(conversationId)).forked_from_conversation_id;
  while (source !== null && ids.length <= MAX_FORK_DEPTH && !ids.includes(source)) {
    ids.push(source);
    try {
      source = (await service.get(source)).forked_from_conversation_id;
    } catch {
      // The source was deleted (and its saved outputs with it).
      source = null;
    }
  }
  const roots = await confinedRoots(
    observationsDir(dataDir, ids[0] as string),
    ids.slice(1).map((other) => observationsDir(dataDir, other)),
  );
  return roots.map((root) => ({ ...root, writable: false }));
}

async function readConfined(
  roots: readonly ConfinedRoot[],
  path: string,
  secrets: SecretRegistry,
  conversationId: string,
): Promise<{ size: number; content: string; truncated: boolean } | undefined> {
  const result = await withConfinedPath(
    roots,
    path,
    { write: false, createParents: false },
    async (target) => {
      if (target.handle === undefined) return undefined;
      const stats = await target.handle.stat();
      if (!stats.isFile()) return undefined;
      const truncated = stats.size > MAX_OUTPUT_BYTES;
      const wanted = truncated ? MAX_OUTPUT_BYTES + REDACTION_MARGIN_BYTES : stats.size;
      const buffer = Buffer.alloc(wanted);
      let filled = 0;
      while (filled < wanted) {
        const { bytesRead } = await target.handle.read(buffer, filled, wanted - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      const redacted = secrets.redact(buffer.subarray(0, filled).toString('utf8'), conversationId);
      if (!truncated) return { size: stats.size, content: redacted, truncated };
      const head = Buffer.from(redacted, 'utf8').subarray(0, MAX_OUTPUT_BYTES).toString('utf8');
      // A character split by the cut decodes as U+FFFD: leave it out.
      return { size: stats.size, content: head.replace(/\uFFFD$/, ''), truncated };
    },
  ).catch(() => undefined);
  return result?.ok ? result.value : undefined;
}
