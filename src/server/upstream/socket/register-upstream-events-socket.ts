import type { ServerContext, ZodApp } from '../../http/server-context';
import { sessionCredentials } from '../../http/session-credentials';
import { registerConversationSocket } from '../../socket/register-conversation-socket';
import { CLOSE, type SessionSocketOptions } from '../../socket/session-socket-options';
import { runUpstreamEventsConnection } from './upstream-events-connection';
import { parseUpstreamEventsQuery } from './upstream-events-query';

/**
 * GET /sockets/events/{conversation_id}: upstream's event socket, for clients written for the
 * OpenHands agent server (bare events, `resend_mode`, the key in the query string). Same limits,
 * close codes and slow-client rule as our session socket; its own count of sockets per conversation.
 */
export function registerUpstreamEventsSocket(
  app: ZodApp,
  context: ServerContext,
  checkKey: (presented: unknown) => boolean,
  overrides: Partial<SessionSocketOptions> = {},
): void {
  registerConversationSocket(app, context, '/sockets/events/:id', overrides, (upgrade) => {
    const { socket, request } = upgrade;
    const query = parseUpstreamEventsQuery(upgrade.query);
    if (!query.ok) return socket.close(CLOSE.invalidCursor, query.reason);
    const credentials = upgradeCredentials(upgrade.query.session_api_key, request.headers, checkKey);
    if (credentials === 'refused') return socket.close(CLOSE.unauthorized, 'Authentication failed');

    runUpstreamEventsConnection({
      socket,
      conversationId: upgrade.conversationId,
      query: query.value,
      authenticatedOnUpgrade: credentials === 'valid',
      checkKey,
      ...upgrade.services,
      options: upgrade.options,
      log: request.log,
      now: context.now,
    });
  });
}

/**
 * The key on the upgrade: the `session_api_key` query parameter (upstream's clients), the header or
 * the cookie. Any right one admits; a key that is there but wrong everywhere is refused at once;
 * none at all leaves the socket waiting for an auth frame.
 */
function upgradeCredentials(
  queryKey: unknown,
  headers: Parameters<typeof sessionCredentials>[0],
  checkKey: (presented: unknown) => boolean,
): 'valid' | 'refused' | 'absent' {
  const fromHeaders = sessionCredentials(headers, checkKey);
  if (queryKey === undefined) return fromHeaders;
  return fromHeaders === 'valid' || checkKey(queryKey) ? 'valid' : 'refused';
}
