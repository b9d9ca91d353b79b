import type { Backend } from './forward-request';
import { isAllowedHost, isAllowedOrigin, needsOriginCheck } from './ingress-guards';
import { routeFor } from './ingress-route';
import type { RequestHead } from './parse-request-head';

export interface FastPathBackends {
  /** The one runtime; undefined with several (their router's retries live on the http.Server path). */
  runtime: Backend | undefined;
  automation: Backend | undefined;
  allowedHosts: ReadonlySet<string>;
  allowOrigins: readonly string[];
}

/**
 * The backend the fast path sends a request to, or undefined when the http.Server path must answer
 * it: anything the ingress answers itself (the SPA, login, a 403, a 503), anything that changes the
 * connection (Upgrade, Connection: close or other options, Expect, HTTP/1.0), a chunked body, and
 * headers Node would merge before the checks read them. The Host and Origin checks are the same
 * functions the http.Server path calls, on the same values, so a request passes both or neither.
 * Pure.
 */
export function fastPathBackend(head: RequestHead, backends: FastPathBackends): Backend | undefined {
  if (head.version !== 'HTTP/1.1' || !head.target.startsWith('/')) return undefined;
  const fields = head.byName;
  if (fields.has('transfer-encoding') || fields.has('expect') || fields.has('upgrade')) return undefined;
  const connection = fields.get('connection');
  if (connection !== undefined && connection.toLowerCase() !== 'keep-alive') return undefined;
  if (head.repeated.has('origin') || head.repeated.has('connection')) return undefined;
  const host = fields.get('host');
  if (!isAllowedHost(host, backends.allowedHosts)) return undefined;
  if (
    needsOriginCheck(head.method, false) &&
    !isAllowedOrigin(fields.get('origin'), host, backends.allowOrigins)
  )
    return undefined;
  const target = routeFor(head.target);
  if (target === 'runtime') return backends.runtime;
  if (target === 'automation') return backends.automation;
  return undefined;
}
