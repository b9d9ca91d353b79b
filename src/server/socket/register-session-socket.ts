import type { ServerContext, ZodApp } from '../http/server-context';
import { sessionCredentials } from '../http/session-credentials';
import { parseAfterSeq } from './parse-after-seq';
import { registerConversationSocket } from './register-conversation-socket';
import { runSessionConnection } from './session-connection';
import { CLOSE, type SessionSocketOptions } from './session-socket-options';

export type { SessionSocketOptions } from './session-socket-options';

/** GET /sockets/session/{id}?after_seq=N: the live session socket (CONTRACT §4). */
export function registerSessionSocket(
  app: ZodApp,
  context: ServerContext,
  checkKey: (presented: unknown) => boolean,
  overrides: Partial<SessionSocketOptions> = {},
): void {
  registerConversationSocket(app, context, '/sockets/session/:id', overrides, (upgrade) => {
    const { socket, request } = upgrade;
    const afterSeq = parseAfterSeq(upgrade.query.after_seq);
    if (afterSeq === undefined)
      return socket.close(CLOSE.invalidCursor, 'after_seq must be an integer >= -1');
    // The header (scripts) or the awb_session cookie (browsers) authenticates the upgrade itself; a
    // wrong one is refused at once rather than left waiting for an auth frame that will not come.
    const credentials = sessionCredentials(request.headers, checkKey);
    if (credentials === 'refused') return socket.close(CLOSE.unauthorized, 'unauthorized');

    runSessionConnection({
      socket,
      conversationId: upgrade.conversationId,
      afterSeq,
      authenticatedOnUpgrade: credentials === 'valid',
      checkKey,
      ...upgrade.services,
      options: upgrade.options,
      log: request.log,
    });
  });
}
