import { parseQueryFlag as parseFlag } from '../../socket/parse-query-flag';
import { timestampMicros } from './upstream-timestamp-micros';

/** Which stored events the upstream event socket sends before the live ones. */
export type UpstreamResend =
  | { mode: 'none' }
  | { mode: 'all' }
  /** `afterMicros` undefined: `since` without `after_timestamp`, which upstream answers with nothing. */
  | { mode: 'since'; afterMicros: number | undefined };

export interface UpstreamEventsQuery {
  resend: UpstreamResend;
  /** Our addition (`streaming_deltas=true`): streamed model text as upstream's StreamingDeltaEvent. */
  streamingDeltas: boolean;
}

/**
 * The query of `/sockets/events/{id}` as upstream reads it: `resend_mode` all|since, `after_timestamp`
 * (ISO 8601, checked whenever present), the deprecated `resend_all` (all, when `resend_mode` is
 * absent). Other parameters (the key among them) are not this function's business and are ignored.
 * A value upstream would refuse gives `{ok:false, reason}`; the reason names the parameter, never
 * echoes its value.
 */
export function parseUpstreamEventsQuery(
  query: Record<string, unknown>,
): { ok: true; value: UpstreamEventsQuery } | { ok: false; reason: string } {
  const { resend_mode: mode, after_timestamp: after, resend_all: all, streaming_deltas: deltas } = query;
  if (mode !== undefined && mode !== 'all' && mode !== 'since')
    return { ok: false, reason: 'resend_mode must be "all" or "since"' };
  let afterMicros: number | undefined;
  if (after !== undefined) {
    afterMicros = typeof after === 'string' ? timestampMicros(after) : undefined;
    if (afterMicros === undefined)
      return { ok: false, reason: 'after_timestamp must be an ISO 8601 date-time' };
  }
  const resendAll = parseFlag(all);
  const streamingDeltas = parseFlag(deltas);
  if (resendAll === undefined) return { ok: false, reason: 'resend_all must be a boolean' };
  if (streamingDeltas === undefined) return { ok: false, reason: 'streaming_deltas must be a boolean' };

  const effective = mode ?? (resendAll ? 'all' : undefined);
  const resend: UpstreamResend =
    effective === 'all'
      ? { mode: 'all' }
      : effective === 'since'
        ? { mode: 'since', afterMicros }
        : { mode: 'none' };
  return { ok: true, value: { resend, streamingDeltas } };
}
