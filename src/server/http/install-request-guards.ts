import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAllowedRuntimeOrigin, isSocketPath, runtimeHostHeaders } from './runtime-request-guards';
import { requestError, sendError } from './error-catalogue';
import { forwardToIngress, ingressRefusal, ingressRulesOf, isRuntimeRequest } from './handed-connections';

/**
 * The runtime port's own walls, before any auth or routing (so a refused caller learns nothing):
 * - Host must name this runtime (loopback names with its port): else 403. A DNS-rebinding page on
 *   another name never reaches a route.
 * - A present Origin must be one of `allowedOrigins` (the ingress's pages): else 403.
 * - A WebSocket upgrade outside /sockets/ is 404, never a 101.
 * - CORS as upstream's agent-server answers it, for the allowed origins only: their preflight is
 *   204 before the key check (a browser sends no key with it), and their answers name them in
 *   Access-Control-Allow-Origin, so a front end given --allow-origin can call the runtime directly.
 * - Every answer carries `X-Content-Type-Options: nosniff`.
 * The runtime's port and bound address are read from the connection itself (its local end), so the
 * check needs no configuration. A connection the ingress handed over (handed-connections.ts) is held to
 * the ingress's Host and Origin checks instead of the Host check, and a request on it that is not the
 * runtime's goes back to the ingress, which answers it. Requests made with inject() have no such end and skip the Host check:
 * there is no network for them to come from.
 */
const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

export function installRequestGuards(app: FastifyInstance, allowedOrigins: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request, reply) => {
    const handed = ingressRulesOf(request.raw.socket);
    const upgrade = isUpgrade(request.headers.upgrade);
    if (handed) {
      const refusal = ingressRefusal(request.method, request.headers, upgrade, handed);
      if (refusal) return sendPlainText(reply, 403, refusal);
      // The ingress's to answer, by its rules alone, as if the connection had stayed there.
      if (!upgrade && !isRuntimeRequest(request.url)) {
        reply.hijack();
        forwardToIngress(request.raw, reply.raw, handed);
        return reply;
      }
    } else {
      const { localAddress, localPort } = request.raw.socket;
      const hosts = localPort === undefined ? undefined : runtimeHostHeaders(localAddress ?? '', localPort);
      const host = request.headers.host?.toLowerCase();
      if (hosts && (host === undefined || !hosts.has(host))) {
        return sendError(reply, requestError('forbidden_host'));
      }
    }
    if (!isAllowedRuntimeOrigin(request.headers.origin, allowedOrigins)) {
      return sendError(reply, requestError('forbidden_origin'));
    }
    if (upgrade && !isSocketPath(request.url)) {
      return sendError(reply, requestError('not_found'));
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', CORS_METHODS)
        .header('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  app.addHook('onResponse', async (request) => {
    // An upgrade answered with a plain HTTP status (403, 404, 401) keeps its raw socket otherwise: the
    // websocket plugin only closes the ones its own hook saw, and a hook that answered first hides them.
    if (isUpgrade(request.headers.upgrade)) request.raw.socket.destroy();
  });
}

function isUpgrade(upgradeHeader: string | undefined): boolean {
  return upgradeHeader?.toLowerCase() === 'websocket';
}

/** The ingress's refusals are short plain text (src/cli/send-text.ts): a handed connection gets the same. */
function sendPlainText(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(`${message}\n`);
}
