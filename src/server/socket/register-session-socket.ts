import { z } from 'zod';
import type { ServerContext, ZodApp } from '../server-context';
import { sessionCredentials } from '../session-credentials';
import { parseAfterSeq } from './parse-after-seq';
import { runSessionConnection } from './session-connection';
import { CLOSE, DEFAULT_SESSION_SOCKET_OPTIONS, type SessionSocketOptions } from './session-socket-options';

export type { SessionSocketOptions } from './session-socket-options';

const ConversationIdSchema = z.guid();

/** GET /sockets/session/{id}?after_seq=N: the live session socket (CONTRACT §4). */
export function registerSessionSocket(
  app: ZodApp,
  context: ServerContext,
  checkKey: (presented: unknown) => boolean,
  overrides: Partial<SessionSocketOptions> = {},
): void {
  const options = { ...DEFAULT_SESSION_SOCKET_OPTIONS, ...overrides };
  const socketsPerConversation = new Map<string, number>();

  app.get('/sockets/session/:id', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const { id } = request.params as { id: string };
    const query = request.query as Record<string, unknown>;
    const afterSeq = parseAfterSeq(query.after_seq);
    if (afterSeq === undefined)
      return socket.close(CLOSE.invalidCursor, 'after_seq must be an integer >= -1');
    // The header (scripts) or the awb_session cookie (browsers) authenticates the upgrade itself; a
    // wrong one is refused at once rather than left waiting for an auth frame that will not come.
    const credentials = sessionCredentials(request.headers, checkKey);
    if (credentials === 'refused') return socket.close(CLOSE.unauthorized, 'unauthorized');
    // An id that is not a UUID names no conversation; still authenticate first so 4004 reveals nothing.
    const conversationId = ConversationIdSchema.safeParse(id).success ? id : undefined;

    runSessionConnection({
      socket,
      conversationId,
      afterSeq,
      authenticatedOnUpgrade: credentials === 'valid',
      checkKey,
      service: () => {
        try {
          return context.service();
        } catch {
          // Built without a runtime: the connection closes 1013 (try again later).
          return undefined;
        }
      },
      acquireSlot(conversationId) {
        const count = socketsPerConversation.get(conversationId) ?? 0;
        if (count >= options.maxSocketsPerConversation) return false;
        socketsPerConversation.set(conversationId, count + 1);
        return true;
      },
      releaseSlot(conversationId) {
        const count = (socketsPerConversation.get(conversationId) ?? 1) - 1;
        if (count <= 0) socketsPerConversation.delete(conversationId);
        else socketsPerConversation.set(conversationId, count);
      },
      onActivity: context.touch,
      options,
      log: request.log,
    });
  });
}
