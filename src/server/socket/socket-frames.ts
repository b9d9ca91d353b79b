import { z } from 'zod';
import { ContentInputSchema, ConversationInfoSchema, EventSchema } from '../../runtime/events';

/**
 * The frames of the session socket (CONTRACT §4), as schemas: client frames are validated with them,
 * and both sets are published as OpenAPI components so the generated client types the socket too.
 */

export const SyncFrameSchema = z.strictObject({
  type: z.literal('sync'),
  /** The first seq this connection replays (after_seq + 1). */
  from_seq: z.number().int(),
  /** The last committed seq when the socket subscribed; replay ends there, live frames follow. */
  through_seq: z.number().int(),
  state: ConversationInfoSchema,
});

export const DurableFrameSchema = z.strictObject({
  type: z.literal('durable'),
  seq: z.number().int().nonnegative(),
  event: EventSchema,
});

export const ItemStartedFrameSchema = z.strictObject({
  type: z.literal('item_started'),
  item_id: z.string(),
  anchor_seq: z.number().int(),
});

export const DeltaFrameSchema = z.strictObject({
  type: z.literal('delta'),
  item_id: z.string(),
  kind: z.enum(['text', 'reasoning']),
  content: z.string(),
});

export const ItemAbortedFrameSchema = z.strictObject({
  type: z.literal('item_aborted'),
  item_id: z.string(),
  reason: z.string(),
});

/**
 * The model call behind `item_id` failed in a way worth retrying (unreachable, rate limited, a server
 * error, a timeout): attempt number `attempt` starts after `delay_ms`. Deltas of the item follow once
 * it answers; `item_aborted` or the durable events end it as usual.
 */
export const ItemRetryingFrameSchema = z.strictObject({
  type: z.literal('item_retrying'),
  item_id: z.string(),
  /** The attempt to come: 2 for the first retry. */
  attempt: z.number().int().min(2),
  delay_ms: z.number().int().nonnegative(),
  /** Why, as the model adapter's code: network, rate_limit, server, timeout, bad_response. */
  code: z.string(),
  /** The same in plain words. */
  reason: z.string(),
});

export const HeartbeatFrameSchema = z.strictObject({
  type: z.literal('heartbeat'),
  /** The last durable seq sent on this connection (after_seq when none yet). */
  through_seq: z.number().int(),
});

export const ErrorFrameSchema = z.strictObject({
  type: z.literal('error'),
  code: z.string(),
  detail: z.string(),
});

export const ServerFrameSchema = z.discriminatedUnion('type', [
  SyncFrameSchema,
  DurableFrameSchema,
  ItemStartedFrameSchema,
  DeltaFrameSchema,
  ItemAbortedFrameSchema,
  ItemRetryingFrameSchema,
  HeartbeatFrameSchema,
  ErrorFrameSchema,
]);

export const AuthFrameSchema = z.strictObject({
  type: z.literal('auth'),
  session_api_key: z.string().max(1000),
});

/** Same meaning as POST /api/conversations/{id}/events (the role is always "user"). */
export const MessageFrameSchema = z.strictObject({
  type: z.literal('message'),
  content: z.array(ContentInputSchema).min(1),
  run: z.boolean().default(false),
  client_message_id: z.string().min(1).max(200).optional(),
});

export const ClientFrameSchema = z.discriminatedUnion('type', [AuthFrameSchema, MessageFrameSchema]);

export type ServerFrame = z.infer<typeof ServerFrameSchema>;
export type ClientFrame = z.infer<typeof ClientFrameSchema>;
