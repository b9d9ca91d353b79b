import { z } from 'zod';
import type { ServerContext, ZodApp } from '../server-context';
import { SESSION_KEY_HEADER } from '../session-key';
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
    const headerKey = request.headers[SESSION_KEY_HEADER];
    const authenticatedByHeader = checkKey(headerKey);
    if (headerKey !== undefined && !authenticatedByHeader)
      return socket.close(CLOSE.unauthorized, 'unauthorized');
    // An id that is not a UUID names no conversation; still authenticate first so 4004 reveals nothing.
    const conversationId = ConversationIdSchema.safeParse(id).success ? id : undefined;

    runSessionConnection({
      socket,
      conversationId,
      afterSeq,
      authenticatedByHeader,
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
