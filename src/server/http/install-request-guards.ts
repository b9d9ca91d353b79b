import type { FastifyInstance } from 'fastify';
import { isAllowedRuntimeOrigin, isSocketPath, runtimeHostHeaders } from './runtime-request-guards';
import { requestError, sendError } from './error-catalogue';

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
 * check needs no configuration. Requests made with inject() have no such end and skip the Host check:
 * there is no network for them to come from.
 */
const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

export function installRequestGuards(app: FastifyInstance, allowedOrigins: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request, reply) => {
    const { localAddress, localPort } = request.raw.socket;
    const hosts = localPort === undefined ? undefined : runtimeHostHeaders(localAddress ?? '', localPort);
    const host = request.headers.host?.toLowerCase();
    if (hosts && (host === undefined || !hosts.has(host))) {
      return sendError(reply, requestError('forbidden_host'));
    }
    if (!isAllowedRuntimeOrigin(request.headers.origin, allowedOrigins)) {
      return sendError(reply, requestError('forbidden_origin'));
    }
    if (isUpgrade(request.headers.upgrade) && !isSocketPath(request.url)) {
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
