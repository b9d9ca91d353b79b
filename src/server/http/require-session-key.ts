import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionCredentials } from './session-credentials';
import { requestError, sendError } from './error-catalogue';

/** True for the paths the session key guards: `/api` and everything under it. */
export function isProtectedPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Answers 401 before anything else runs (body parsing, validation, 404) for a protected path without
 * the right key, so an unauthenticated caller learns nothing about routes or payloads. The key may
 * come as the X-Session-API-Key header (scripts, the typed client) or the awb_session cookie (the
 * browser, logged in by the ingress). `otherPass` admits a request by another credential that only
 * its own routes honour (the workspace-session cookie on the workspace file routes).
 */
export function requireSessionKey(
  app: FastifyInstance,
  check: (presented: unknown) => boolean,
  otherPass?: (request: FastifyRequest) => boolean,
): void {
  app.addHook('onRequest', async (request, reply) => {
    // The matched route too: a path spelled differently (percent-encoded) must not slip past.
    if (!isProtectedPath(request.url) && !isProtectedPath(request.routeOptions.url ?? '')) return;
    if (sessionCredentials(request.headers, check) === 'valid') return;
    if (otherPass?.(request)) return;
    return sendError(reply, requestError('unauthorized'));
  });
}
