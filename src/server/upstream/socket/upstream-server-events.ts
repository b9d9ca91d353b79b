import { randomUUID } from 'node:crypto';
import { withUpstreamMetrics } from '../../../runtime/upstream/upstream-stats';
import { type ConversationInfo, type Event, type InfoStats, StatsSchema } from '../../../runtime/events';

/**
 * The events the upstream event socket makes itself (never stored, so they carry no `seq`), in
 * upstream's shapes: the same base fields as a stored event (`kind`, `id`, `timestamp` UTC ISO 8601,
 * `source`) and the kind's own fields. `now` is the clock in milliseconds since the epoch.
 */

/**
 * Upstream's first frame: ConversationStateUpdateEvent `full_state` whose value is the ConversationInfo
 * as REST answers it (its `tags` already upstream's key-value object).
 */
export function fullStateEvent(info: ConversationInfo, now: number) {
  return { ...base('ConversationStateUpdateEvent', 'environment', now), key: 'full_state', value: info };
}

/**
 * A stored `stats` update as upstream sends it: its value with `usage_to_metrics` beside our fields
 * (the Agent Canvas updates its cost and tokens from that key alone). Other events pass unchanged.
 */
export function withUpstreamStats(event: Event, modelName: string): Event | (Event & { value: InfoStats }) {
  if (event.kind !== 'ConversationStateUpdateEvent' || event.key !== 'stats') return event;
  const stats = StatsSchema.safeParse(event.value);
  // A stats value this runtime did not write (older records' shapes) goes out as stored.
  return stats.success ? { ...event, value: withUpstreamMetrics(stats.data, modelName) } : event;
}

/**
 * A call to a client tool as upstream sends it: the action's kind is `ClientAction_<tool>` and its
 * fields are the model's arguments (the Agent Canvas reads `action.command`, `action.task`…). The
 * kind is set last, so an argument named `kind` cannot pass for another action. Other events pass unchanged.
 */
export function withUpstreamClientAction(event: Event): Event | Record<string, unknown> {
  if (event.kind !== 'ActionEvent' || event.action?.kind !== 'ClientToolAction') return event;
  const { tool, arguments: args } = event.action;
  const projected: Record<string, unknown> = { ...event, action: { ...args, kind: `ClientAction_${tool}` } };
  return projected;
}

/** Upstream's ServerErrorEvent: a bad client frame or a refused message; the socket stays open. */
export function serverErrorEvent(code: string, detail: string, now: number) {
  return { ...base('ServerErrorEvent', 'environment', now), code, detail };
}

/** Upstream's StreamingDeltaEvent: one piece of streamed model text or reasoning. */
export function streamingDeltaEvent(kind: 'text' | 'reasoning', content: string, now: number) {
  return {
    ...base('StreamingDeltaEvent', 'agent', now),
    ...(kind === 'text' ? { content } : { reasoning_content: content }),
  };
}

function base<K extends string>(kind: K, source: 'agent' | 'environment', now: number) {
  return { kind, id: randomUUID(), timestamp: new Date(now).toISOString(), source };
}
