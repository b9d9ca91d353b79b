import type { Backend } from './forward-request';
import { isAllowedHost, isAllowedOrigin, needsOriginCheck } from '../client/ingress-guards';
import { isSocketPath, routeFor } from '../client/ingress-route';
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
  if (!isPlainKeptAliveRequest(head) || !passesGuards(head, false, backends)) return undefined;
  const target = routeFor(head.target);
  if (target === 'runtime') return backends.runtime;
  if (target === 'automation') return backends.automation;
  return undefined;
}

/**
 * Whether a connection whose next request is `head` may be handed to the one runtime's process, to be
 * served there for the rest of its life (start-ingress.ts): a request of the shape the fast path
 * carries that passes the Host and Origin checks, whatever its path (the runtime sends one that is not
 * its own back to the ingress), or a WebSocket handshake on a socket path (GET, `Upgrade: websocket`,
 * no body) that passes the same checks as the http.Server path's upgrade. Pure.
 */
export function handsOverToRuntime(head: RequestHead, backends: FastPathBackends): boolean {
  if (backends.runtime === undefined) return false;
  if (!head.byName.has('upgrade'))
    return isPlainKeptAliveRequest(head) && passesGuards(head, false, backends);
  const fields = head.byName;
  return (
    head.version === 'HTTP/1.1' &&
    head.method === 'GET' &&
    isSocketPath(head.target) &&
    routeFor(head.target) === 'runtime' &&
    !head.repeated.has('upgrade') &&
    fields.get('upgrade')?.toLowerCase() === 'websocket' &&
    !fields.has('transfer-encoding') &&
    Number(fields.get('content-length') ?? 0) === 0 &&
    passesGuards(head, true, backends)
  );
}

/** HTTP/1.1 in origin form, on a kept-alive connection, with no chunked body, Expect or Upgrade. */
function isPlainKeptAliveRequest(head: RequestHead): boolean {
  if (head.version !== 'HTTP/1.1' || !head.target.startsWith('/')) return false;
  const fields = head.byName;
  if (fields.has('transfer-encoding') || fields.has('expect') || fields.has('upgrade')) return false;
  const connection = fields.get('connection');
  return connection === undefined || connection.toLowerCase() === 'keep-alive';
}

/** The Host and Origin checks, refusing headers Node would merge before the checks read them. */
function passesGuards(head: RequestHead, isUpgrade: boolean, backends: FastPathBackends): boolean {
  if (head.repeated.has('origin') || head.repeated.has('connection')) return false;
  const host = head.byName.get('host');
  if (!isAllowedHost(host, backends.allowedHosts)) return false;
  return (
    !needsOriginCheck(head.method, isUpgrade) ||
    isAllowedOrigin(head.byName.get('origin'), host, backends.allowOrigins)
  );
}
