import { randomUUID } from 'node:crypto';
import type { ConversationInfo } from '../../runtime/events';

/**
 * The events the upstream event socket makes itself (never stored, so they carry no `seq`), in
 * upstream's shapes: the same base fields as a stored event (`kind`, `id`, `timestamp` UTC ISO 8601,
 * `source`) and the kind's own fields. `now` is the clock in milliseconds since the epoch.
 */

/** Upstream's first frame: ConversationStateUpdateEvent `full_state` whose value is the ConversationInfo. */
export function fullStateEvent(info: ConversationInfo, now: number) {
  return { ...base('ConversationStateUpdateEvent', 'environment', now), key: 'full_state', value: info };
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
