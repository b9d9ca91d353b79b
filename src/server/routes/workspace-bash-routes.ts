import { z } from 'zod';
import { BashCommandSchema, BashEventSchema, BashOutputSchema } from '../../runtime/workspace/bash-event';
import { type BashEventLog, createBashEventLog } from '../../runtime/workspace/bash-event-log';
import {
  type BashCommands,
  createBashCommands,
  MAX_COMMAND_TIMEOUT_SECONDS,
} from '../../runtime/workspace/bash-commands';
import {
  type WorkspaceConfinement,
  workspaceConfinement,
} from '../../runtime/workspace/workspace-confinement';
import { WorkspaceError } from '../../runtime/workspace/workspace-error';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '../api-schemas';
import type { IncomingMessage } from 'node:http';
import { RequestValidationError } from '../request-validation-error';
import type { ServerContext, ZodApp } from '../server-context';

const tags = ['workspace'];

/** The agent server's ExecuteBashRequest: `timeout` in whole seconds (default 300, at most 3600 here). */
export const ExecuteBashRequestSchema = z.object({
  command: z
    .string()
    .min(1)
    .max(1024 * 1024),
  cwd: z.string().min(1).max(4096).nullable().optional(),
  timeout: z.number().int().min(0).max(MAX_COMMAND_TIMEOUT_SECONDS).optional(),
});

const BashEventSearchQuerySchema = z.object({
  kind__eq: z.enum(['BashCommand', 'BashOutput']).optional(),
  command_id__eq: z
    .string()
    .regex(/^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/)
    .optional(),
  timestamp__gte: z.coerce.date().optional(),
  timestamp__lt: z.coerce.date().optional(),
  order__gt: z.coerce.number().int().optional(),
  sort_order: z.enum(['TIMESTAMP', 'TIMESTAMP_DESC']).default('TIMESTAMP'),
  page_id: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

const BashEventPageSchema = z.object({
  items: z.array(BashEventSchema),
  next_page_id: z.string().nullable(),
});
const BashEventParamsSchema = z.strictObject({ event_id: z.string().min(1).max(64) });
const BatchIdsSchema = z.array(z.string().max(64)).max(100);
const MAX_GET_BODY_BYTES = 64 * 1024;
const REFUSALS = {
  403: ErrorResponseSchema,
  422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
  429: ErrorResponseSchema,
  503: ErrorResponseSchema,
} as const;

interface WorkspaceCommands {
  log: BashEventLog;
  commands: BashCommands;
}

const commandsByContext = new WeakMap<ServerContext, WorkspaceCommands>();

/**
 * The bash events and running commands of one server (shared by these routes and the bash-events
 * socket). Made on first use; killed when the app closes (registerBashRoutes adds the hook).
 */
export function workspaceCommandsOf(context: ServerContext): WorkspaceCommands {
  const existing = commandsByContext.get(context);
  if (existing) return existing;
  const log = createBashEventLog();
  const commands = createBashCommands({
    log,
    confinement: () => workspaceConfinementOf(context),
    defaultCwd: context.defaultWorkspace,
    redact: (text) => context.secrets?.redact(text) ?? text,
  });
  const made = { log, commands };
  commandsByContext.set(context, made);
  return made;
}

/**
 * The confinement rules as the settings say now, in the runtime's default sandbox; WorkspaceError
 * `workspace_unavailable` without a data dir.
 */
export function workspaceConfinementOf(context: ServerContext): WorkspaceConfinement {
  if (context.dataDir === undefined) {
    throw new WorkspaceError('workspace_unavailable', 'The workspace API needs the runtime data dir');
  }
  if (context.workspaceConfinement) return context.workspaceConfinement();
  return workspaceConfinement({
    dataDir: context.dataDir,
    sandboxSettings: context.settings.current().sandbox,
  });
}

/**
 * The agent server's `/api/bash` routes: commands run in the agent's sandbox (no network), their
 * events kept in memory (at most 1,000, 32 Mi characters; lost at restart).
 */
export function registerBashRoutes(app: ZodApp, context: ServerContext): void {
  app.addHook('onClose', async () => {
    await commandsByContext.get(context)?.commands.close();
  });

  app.post(
    '/api/bash/execute_bash_command',
    {
      schema: {
        operationId: 'executeBashCommand',
        tags,
        description:
          'Runs a command in the workspace sandbox and answers its BashOutput once it ends: `exit_code` (-1 when `timeout` seconds passed and it was killed with everything it started), `stdout` and `stderr` (null when empty; secrets masked; each cut at 1 MiB characters). `cwd` (absolute, an existing folder outside the data dir) defaults to the default workspace and is the only writable folder; there is no network.',
        body: ExecuteBashRequestSchema,
        response: { 200: BashOutputSchema, ...REFUSALS },
      },
    },
    async (request) => workspaceCommandsOf(context).commands.start(request.body).finished,
  );

  app.post(
    '/api/bash/start_bash_command',
    {
      schema: {
        operationId: 'startBashCommand',
        tags,
        description:
          'Starts a command as execute_bash_command does and answers its BashCommand at once; its BashOutput follows in the bash events (search by `command_id__eq`, or the bash-events socket).',
        body: ExecuteBashRequestSchema,
        response: { 200: BashCommandSchema, ...REFUSALS },
      },
    },
    async (request) => workspaceCommandsOf(context).commands.start(request.body).command,
  );

  app.get(
    '/api/bash/bash_events/search',
    {
      schema: {
        operationId: 'searchBashEvents',
        tags,
        description:
          'Bash events oldest first (`sort_order=TIMESTAMP_DESC`: newest first), filtered by kind, command id, time window and output `order`; pages of `limit` (1 to 100) with `next_page_id`.',
        querystring: BashEventSearchQuerySchema,
        response: { 200: BashEventPageSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return workspaceCommandsOf(context).log.search({
        ...(query.kind__eq === undefined ? {} : { kind: query.kind__eq }),
        ...(query.command_id__eq === undefined ? {} : { commandId: query.command_id__eq }),
        ...(query.timestamp__gte === undefined ? {} : { timestampGte: query.timestamp__gte }),
        ...(query.timestamp__lt === undefined ? {} : { timestampLt: query.timestamp__lt }),
        ...(query.order__gt === undefined ? {} : { orderGt: query.order__gt }),
        ...(query.page_id === undefined ? {} : { pageId: query.page_id }),
        descending: query.sort_order === 'TIMESTAMP_DESC',
        limit: query.limit,
      });
    },
  );

  app.get(
    '/api/bash/bash_events/',
    {
      schema: {
        operationId: 'batchGetBashEvents',
        tags,
        description:
          "Upstream's batch get: the body is a JSON array of event ids (at most 100), on a GET. The answer lists the events in that order, null for an unknown id.",
        response: { 200: z.array(BashEventSchema.nullable()), 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => {
      // fastify neither parses nor validates a GET body, so the route reads it itself.
      const ids = BatchIdsSchema.safeParse(await readJsonBody(request.raw));
      if (!ids.success) throw new RequestValidationError('body', ids.error.issues);
      return ids.data.map((id) => workspaceCommandsOf(context).log.get(id) ?? null);
    },
  );

  app.get(
    '/api/bash/bash_events/:event_id',
    {
      schema: {
        operationId: 'getBashEvent',
        tags,
        params: BashEventParamsSchema,
        response: { 200: BashEventSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const event = workspaceCommandsOf(context).log.get(request.params.event_id);
      if (event) return event;
      return reply.code(404).send({ detail: 'No bash event has this id', code: 'bash_event_not_found' });
    },
  );

  app.delete(
    '/api/bash/bash_events',
    {
      schema: {
        operationId: 'clearBashEvents',
        tags,
        description: 'Forgets every bash event (running commands still add their output when they end).',
        response: { 200: z.object({ cleared_count: z.number().int() }) },
      },
    },
    async () => ({ cleared_count: workspaceCommandsOf(context).log.clear() }),
  );
}

/** The JSON a GET request carries (undefined when it carries none or not JSON), read up to 64 KiB. */
async function readJsonBody(raw: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_GET_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
