import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmptyBodySchema } from '../http/api-schemas';
import { readCookie } from '../http/read-cookie';
import type { ZodApp } from '../http/server-context';
import {
  WORKSPACE_SESSION_COOKIE,
  WORKSPACE_SESSION_SECONDS,
  type WorkspaceSessionTokens,
} from '../http/workspace-session-token';
import { CONVERSATION_WORKSPACE_ROUTES } from './conversation-workspace-routes';

/** Only the workspace file routes are ever sent the cookie; every other route ignores it anyway. */
const COOKIE_PATH = '/api/conversations';

/**
 * Upstream's `/api/auth/workspace-session`: a front end holding the session key mints a cookie so
 * that `<img>` and `<iframe>` (which cannot send headers) may read the conversation's workspace files.
 * The cookie is HttpOnly (a page's scripts never see it), SameSite=Strict (no other site's page
 * sends it), scoped to /api/conversations, holds a signed expiry instead of the key
 * (workspace-session-token.ts) and is honoured only by the GET workspace file routes (workspaceSessionPass).
 */
export function registerWorkspaceSessionRoutes(app: ZodApp, tokens: WorkspaceSessionTokens): void {
  app.post(
    '/api/auth/workspace-session',
    {
      schema: {
        operationId: 'openWorkspaceSession',
        tags: ['upstream'],
        description:
          'Sets the `oh_workspace_session_key` cookie (HttpOnly, SameSite=Strict, Path=/api/conversations, 12 hours): it reads files through GET /api/conversations/{id}/workspace/{path} and nothing else. It holds a signed expiry, never the session key. 204.',
        body: EmptyBodySchema,
      },
    },
    async (request, reply) =>
      setCookie(request, reply, tokens.mint(), WORKSPACE_SESSION_SECONDS).code(204).send(),
  );
  app.delete(
    '/api/auth/workspace-session',
    {
      schema: {
        operationId: 'closeWorkspaceSession',
        tags: ['upstream'],
        description: 'Clears the workspace-session cookie. 204.',
      },
    },
    async (request, reply) => setCookie(request, reply, '', 0).code(204).send(),
  );
}

/** True for a GET of a workspace file route carrying a valid workspace-session cookie. */
export function workspaceSessionPass(tokens: WorkspaceSessionTokens): (request: FastifyRequest) => boolean {
  return (request) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    CONVERSATION_WORKSPACE_ROUTES.includes(request.routeOptions.url ?? '') &&
    tokens.verify(readCookie(request.headers.cookie, WORKSPACE_SESSION_COOKIE));
}

function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAge: number,
): FastifyReply {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return reply.header(
    'set-cookie',
    `${WORKSPACE_SESSION_COOKIE}=${value}; Max-Age=${maxAge}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`,
  );
}
