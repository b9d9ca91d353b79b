import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  request as httpRequest,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Socket } from 'node:net';
import { isHandedConnectionMessage } from '../../client/handed-connection';
import { isAllowedHost, isAllowedOrigin, needsOriginCheck } from '../../client/ingress-guards';
import { routeFor } from '../../client/ingress-route';

/** What the ingress holds every request on a connection it handed over to (its own checks). */
export interface IngressRules {
  hosts: ReadonlySet<string>;
  allowOrigins: readonly string[];
  ingressSocketPath: string;
}

/** The rules of each connection the ingress handed to this process; absent for the runtime's own. */
const rulesBySocket = new WeakMap<Socket, IngressRules>();

/**
 * Serves the browser connections the launcher's ingress hands to this process over its IPC channel
 * (src/client/handed-connection.ts) on `server`, as if they had come to its own port: their bytes
 * already read first, then the rest straight from the browser, for the rest of their life. Each of
 * their requests is held to the ingress's rules (installRequestGuards), and one that is not the
 * runtime's goes back to the ingress (forwardToIngress). The channel no longer keeps the process alive.
 */
export function acceptHandedConnections(server: Server): void {
  process.on('message', (message: unknown, handle: unknown) => {
    if (!(handle instanceof Socket)) return;
    // Not a connection of the ingress's: not ours to keep open either.
    if (!isHandedConnectionMessage(message)) return void handle.destroy();
    const { hosts, allowOrigins, ingressSocketPath, unread } = message;
    rulesBySocket.set(handle, { hosts: new Set(hosts), allowOrigins, ingressSocketPath });
    if (unread.length > 0) handle.unshift(Buffer.from(unread, 'base64'));
    server.emit('connection', handle);
    handle.resume();
  });
  process.channel?.unref();
}

/** The ingress's rules when `socket` is a connection it handed over, else undefined. */
export function ingressRulesOf(socket: Socket): IngressRules | undefined {
  return rulesBySocket.get(socket);
}

/**
 * Why the ingress would refuse this request (its 403's text), or undefined: the same Host and Origin
 * checks (src/client/ingress-guards.ts), on the same values.
 */
export function ingressRefusal(
  method: string,
  headers: IncomingHttpHeaders,
  isUpgrade: boolean,
  rules: IngressRules,
): string | undefined {
  const host = headers.host;
  if (!isAllowedHost(host, rules.hosts)) return 'Forbidden: unexpected Host header';
  if (needsOriginCheck(method, isUpgrade) && !isAllowedOrigin(headers.origin, host, rules.allowOrigins))
    return 'Forbidden: cross-origin request';
  return undefined;
}

/** Whether the ingress sends a request for this URL to the runtime (else: the SPA, login, automations). */
export function isRuntimeRequest(url: string): boolean {
  return routeFor(url) === 'runtime';
}

/** Fields of one hop only: ours to the ingress is a kept-alive connection of its own. */
const HOP_FIELDS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * A request on a handed connection that is not the runtime's (a page of the SPA, a login, an
 * automation) goes to the ingress as the browser sent it, Host and Origin included, so the ingress
 * answers it as if it had come there; its answer comes back as it is, minus the hop's fields. A
 * failure to reach the ingress is a 502.
 */
export function forwardToIngress(
  request: IncomingMessage,
  response: ServerResponse,
  rules: IngressRules,
): void {
  const upstream = httpRequest(
    {
      socketPath: rules.ingressSocketPath,
      method: request.method,
      path: request.url,
      // Asked to stay open: a connection the ingress closes after its answer could be gone before
      // this side has ended the request (EPIPE, a failed login under load). This side closes it.
      headers: { ...withoutHopFields(request.headers), connection: 'keep-alive' },
      // A connection of its own each time (a Unix socket in the data dir: cheap), never a pooled
      // one the ingress may be closing as the request is written (a reset, a failed page, once in CI).
      agent: false,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, withoutHopFields(answer.headers));
      answer.pipe(response);
      answer.on('error', () => response.destroy());
      answer.on('end', () => {
        // Answered, perhaps before the whole body was sent (a refusal): the rest is read and
        // dropped, so the connection's next request can be parsed.
        request.unpipe(upstream);
        request.resume();
        upstream.destroy();
      });
    },
  );
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (response.writableEnded) return; // the answer is whole: nothing of it was lost, nothing to say
    // Said on stderr (the runtime log) and in the answer, so a failure here tells why.
    const why = error.code ?? error.message;
    // The path only: a query may hold a credential (the login URL's token).
    const path = (request.url ?? '').split('?')[0];
    process.stderr.write(`agent-workbench runtime: ${request.method} ${path} back to the ingress: ${why}\n`);
    if (response.headersSent) return void response.destroy();
    const body = `The workbench could not answer this request (the ingress did not: ${why})\n`;
    response.writeHead(502, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    response.end(body);
  });
  request.pipe(upstream);
}

function withoutHopFields(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_FIELDS.has(name)) kept[name] = value;
  }
  return kept;
}
