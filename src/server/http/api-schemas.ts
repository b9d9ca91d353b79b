import { UpstreamSettingsViewSchema } from '../upstream/routes/upstream-settings-view';
import { z } from 'zod';
import {
  ConversationInfoSchema,
  EVENT_KINDS,
  EventIdSchema,
  type EventKind,
  EventSchema,
  ExecutionStatusSchema,
  SourceSchema,
} from '../../runtime/events';
import { SecretsInputSchema } from '../../runtime/conversation/requests';
import { parseInstant } from './parse-instant';
import { SettingsViewSchema } from '../../runtime/settings/settings-schemas';

/** Query, path and answer schemas of the REST routes (request bodies live in runtime/conversation/requests). */

export const SuccessSchema = z.strictObject({ success: z.literal(true) });

export const ErrorResponseSchema = z.object({
  detail: z.string(),
  /** A stable code from the error catalogue, when there is one. */
  code: z.string().optional(),
  /** With 500: quote it when reporting; the server log holds the details under it. */
  error_id: z.string().optional(),
});

export const ValidationErrorResponseSchema = z.object({
  detail: z.array(
    z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() }),
  ),
  code: z.literal('validation_failed').optional(),
});

export const ServerInfoSchema = z.strictObject({
  title: z.string(),
  /** The openhands-agent-server version whose contract is served (upstream clients check it). */
  version: z.string(),
  /** Agent Workbench's own version (package.json). */
  workbench_version: z.string(),
  /** Seconds since the runtime started. */
  uptime: z.number(),
  /** Seconds since the last API request or socket frame. */
  idle_time: z.number(),
  usable_tools: z.array(z.string()),
  capabilities: z.array(z.string()),
});

export const StatusSchema = z.strictObject({ status: z.string() });

export const ConversationParamsSchema = z.strictObject({ id: z.guid() });
export const EventParamsSchema = z.strictObject({ id: z.guid(), event_id: EventIdSchema });

/** A query parameter that may be given once (a string) or repeated (an array). */
function repeatable<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (Array.isArray(value) ? value : [value]), z.array(item).max(99));
}

/** An ISO 8601 instant; without a zone it is read as UTC (upstream's reading), with one it is honoured. */
const instant = z
  .string()
  .max(64)
  .refine((value) => parseInstant(value) !== undefined, 'Expected an ISO 8601 date and time')
  .transform((value) => parseInstant(value) as string);

/** `true`: sub-agents' conversations too (made by `task` calls); absent or `false`: top-level ones only. */
const includeChildren = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

const limit = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);
const seq = z.coerce.number().int().min(-1);

/**
 * Query schemas are plain objects: unknown parameters are dropped, as upstream ignores them; known
 * ones keep their validation.
 */
export const ConversationSearchQuerySchema = z.object({
  q: z.string().max(1000, 'The search text is too long: please use at most 1,000 characters').optional(),
  status: ExecutionStatusSchema.optional(),
  /** `true`: only pinned conversations; `false`: only unpinned; absent: both. */
  pinned: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  page_id: z.string().max(500).optional(),
  limit: limit(20),
  sort_order: z
    .enum(['CREATED_AT', 'CREATED_AT_DESC', 'UPDATED_AT', 'UPDATED_AT_DESC'])
    .default('UPDATED_AT_DESC'),
  /** Repeatable: only conversations carrying every one of these tags (upstream's client sends `tag`). */
  tag: repeatable(z.string().min(1).max(400)).optional(),
  include_children: includeChildren,
});

export const ConversationCountQuerySchema = z.object({
  status: ExecutionStatusSchema.optional(),
  tag: repeatable(z.string().min(1).max(400)).optional(),
  include_children: includeChildren,
});

/** `GET /api/conversations?ids=…&ids=…` (upstream's batch get): fewer than 100 ids, as upstream allows. */
export const BatchGetQuerySchema = z.object({
  ids: repeatable(z.guid()).pipe(z.array(z.guid()).min(1).max(99)),
});

export const BatchGetResponseSchema = z.array(ConversationInfoSchema.nullable());

export const ConversationSearchItemSchema = ConversationInfoSchema.extend({
  /** With `q`: the best hit, to open the conversation at that event (null ids: only the title matched). */
  match: z
    .strictObject({
      event_id: EventIdSchema.nullable(),
      seq: z.number().int().nullable(),
      snippet: z.string(),
    })
    .optional(),
});

export const ConversationPageSchema = z.strictObject({
  items: z.array(ConversationSearchItemSchema),
  next_page_id: z.string().nullable(),
});

const eventFilters = {
  after_seq: seq.optional(),
  before_seq: seq.optional(),
  kind: z.enum(EVENT_KINDS as [EventKind, ...EventKind[]]).optional(),
  source: SourceSchema.optional(),
  /** Case-insensitive substring over message text. */
  body: z.string().max(1000).optional(),
  /** Events at or after this instant (ISO 8601; without a zone: UTC). */
  timestamp__gte: instant.optional(),
  /** Events strictly before this instant. */
  timestamp__lt: instant.optional(),
};

export const EventSearchQuerySchema = z.object({
  ...eventFilters,
  page_id: z.string().max(500).optional(),
  limit: limit(100),
  sort_order: z.enum(['TIMESTAMP', 'TIMESTAMP_DESC']).default('TIMESTAMP'),
});

export const EventCountQuerySchema = z.object(eventFilters);

export const EventPageSchema = z.strictObject({
  items: z.array(EventSchema),
  next_page_id: z.string().nullable(),
});

export const ExportQuerySchema = z.object({ format: z.enum(['json', 'md']).default('json') });

export const SettingsResponseSchema = SettingsViewSchema.extend({
  ...UpstreamSettingsViewSchema.shape,
  /** Where new conversations work when they name no workspace (the launcher's --workspace). */
  default_workspace: z.string(),
  /**
   * PATCH only, when true: the stored API key was cleared because `base_url` or `provider` changed
   * without a new `api_key` (a key is never sent to a host it was not given for).
   */
  api_key_cleared: z.boolean().optional(),
  /**
   * Whether agent commands can run: `sandboxed` (bubblewrap confines them), `missing` (bubblewrap is
   * not installed: commands are refused; `detail` says how to install it) or `disabled`
   * (AGENT_WORKBENCH_SANDBOX=0: commands run unconfined; the UI keeps a warning up). For the
   * default of new conversations: `backend` names it (absent when off); on docker, `missing` means the
   * daemon does not answer or lacks the image, `detail` saying which and what to do.
   */
  sandbox_status: z.strictObject({
    kind: z.enum(['sandboxed', 'missing', 'disabled']),
    backend: z.enum(['bubblewrap', 'docker']).optional(),
    detail: z.string().optional(),
  }),
});

/** POST /api/conversations/{id}/secrets. Names are environment variable names. */
export const ConversationSecretsSchema = z.strictObject({ secrets: SecretsInputSchema });

/** For routes that take no query parameters. Unknown ones are ignored, as upstream does (e.g. `include_skills`). */
export const NoQuerySchema = z.object({});

/** For routes without a body: nothing, or an empty object. */
export const EmptyBodySchema = z.strictObject({}).optional();
