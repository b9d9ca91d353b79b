import { parseQueryFlag } from './parse-query-flag';

/**
 * The query of `/sockets/bash-events`: `resend_mode=all` (the only mode it has) or the old
 * `resend_all` flag. A value it cannot honour gives `{ok:false, reason}` (the socket closes 4422,
 * as the conversation sockets do); the reason names the parameter, never echoes its value. Other
 * parameters (the key among them) are ignored here.
 */
export function parseBashEventsQuery(
  query: Record<string, unknown>,
): { ok: true; resendAll: boolean } | { ok: false; reason: string } {
  const { resend_mode: mode, resend_all: all } = query;
  if (mode !== undefined && mode !== 'all') return { ok: false, reason: 'resend_mode must be "all"' };
  const resendAll = parseQueryFlag(all);
  if (resendAll === undefined) return { ok: false, reason: 'resend_all must be a boolean' };
  return { ok: true, resendAll: mode === 'all' || resendAll };
}
