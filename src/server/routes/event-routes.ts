import { z } from 'zod';
import { RespondToConfirmationSchema, SendMessageSchema } from '../../runtime/conversation/requests';
import { MESSAGE_BODY_LIMIT_BYTES } from '../../runtime/conversation/message-image-rules';
import { EventSchema } from '../../runtime/events';
import type { EventFilter } from '../../runtime/store/event-store';
import {
  ConversationParamsSchema,
  EventCountQuerySchema,
  EventPageSchema,
  EventParamsSchema,
  EventSearchQuerySchema,
  NoQuerySchema,
  SuccessSchema,
} from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { CONFLICT, NOT_FOUND_OR_INVALID } from './route-responses';

const tags = ['events'];
const params = ConversationParamsSchema;

/** Send a message, answer a confirmation, and read one conversation's event log. */
export function registerEventRoutes(app: ZodApp, context: ServerContext): void {
  app.post(
    '/api/conversations/:id/events',
    {
      // Room for a few images as data URLs; the ingress allows the same for this path.
      bodyLimit: MESSAGE_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'sendMessage',
        tags,
        description:
          'Appends a user message (once per `client_message_id`) and, with `run: true`, starts the agent when it is not running. Images: data URLs of PNG, JPEG, GIF or WebP up to 5 MiB each (decoded), or https:// URLs; at most 6 per message; anything else is refused with a 422 naming the image and why.',
        params,
        body: SendMessageSchema,
        response: { 200: SuccessSchema, ...CONFLICT, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      await context.service().sendMessage(request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/api/conversations/:id/events/respond_to_confirmation',
    {
      schema: {
        operationId: 'respondToConfirmation',
        tags,
        description:
          'Accepts or rejects the pending actions. Old body: `accept` answers every pending action alike (409 `stale_confirmation` when `action_ids` is given and is not the pending set). With `decisions`, each pending action gets its own answer (`accept` and `reason` at the top are then ignored): it must answer every action the person was asked about, may answer actions already allowed (by a rule or the policy; left out, they run), and nothing else, else 409 `pending_actions_changed`. An accept with `scope` `conversation` or `always` adds an allow rule (the given matcher, else the suggested one) to the conversation or to settings. Every answer is recorded as a ConfirmationDecisionEvent.',
        params,
        body: RespondToConfirmationSchema,
        response: { 200: SuccessSchema, ...CONFLICT, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      await context.service().respondToConfirmation(request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/api/conversations/:id/events/search',
    {
      schema: {
        operationId: 'searchEvents',
        tags,
        description: 'Events of the whole log (every branch), ordered by seq. Page with `next_page_id`.',
        params,
        querystring: EventSearchQuerySchema,
        response: { 200: EventPageSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      const { page_id, limit, sort_order, ...filters } = request.query;
      return await context.service().searchEvents(request.params.id, toEventFilter(filters), {
        page_id,
        limit,
        order: sort_order === 'TIMESTAMP_DESC' ? 'desc' : 'asc',
      });
    },
  );

  app.get(
    '/api/conversations/:id/events/count',
    {
      schema: {
        operationId: 'countEvents',
        tags,
        params,
        querystring: EventCountQuerySchema,
        response: { 200: z.number().int(), ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => await context.service().countEvents(request.params.id, toEventFilter(request.query)),
  );

  app.get(
    '/api/conversations/:id/events/:event_id',
    {
      schema: {
        operationId: 'getEvent',
        tags,
        params: EventParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: EventSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => await context.service().getEvent(request.params.id, request.params.event_id),
  );
}

function toEventFilter(query: z.output<typeof EventCountQuerySchema>): EventFilter {
  const filter: EventFilter = {};
  if (query.kind !== undefined) filter.kind = query.kind;
  if (query.source !== undefined) filter.source = query.source;
  if (query.body !== undefined) filter.body = query.body;
  if (query.after_seq !== undefined) filter.afterSeq = query.after_seq;
  if (query.before_seq !== undefined) filter.beforeSeq = query.before_seq;
  if (query.timestamp__gte !== undefined) filter.timestampGte = query.timestamp__gte;
  if (query.timestamp__lt !== undefined) filter.timestampLt = query.timestamp__lt;
  return filter;
}
