import type { FastifyInstance } from 'fastify';
import { SESSION_KEY_HEADER } from './session-key';

/** True for the paths the session key guards: `/api` and everything under it. */
export function isProtectedPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Answers 401 before anything else runs (body parsing, validation, 404) for a protected path without
 * the right key, so an unauthenticated caller learns nothing about routes or payloads.
 */
export function requireSessionKey(app: FastifyInstance, check: (presented: unknown) => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    // The matched route too: a path spelled differently (percent-encoded) must not slip past.
    if (!isProtectedPath(request.url) && !isProtectedPath(request.routeOptions.url ?? '')) return;
    if (check(request.headers[SESSION_KEY_HEADER])) return;
    return reply.code(401).send({ detail: 'Unauthorized' });
  });
}
