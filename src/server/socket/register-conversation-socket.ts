import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServerContext, ZodApp } from '../http/server-context';
import {
  type ConversationSocketServices,
  createConversationSocketServices,
} from './conversation-socket-services';
import { answerPlainRequest } from './answer-plain-request';
import { DEFAULT_SESSION_SOCKET_OPTIONS, type SessionSocketOptions } from './session-socket-options';

export interface ConversationSocketUpgrade {
  socket: WebSocket;
  request: FastifyRequest;
  /** The path id when it is a UUID; undefined names no conversation (4004 after auth, so it reveals nothing). */
  conversationId: string | undefined;
  query: Record<string, unknown>;
  options: SessionSocketOptions;
  services: ConversationSocketServices;
}

/**
 * Registers GET `path` (with an `:id` param) as a conversation socket: our session socket and
 * upstream's event socket share the limits (overridable for tests) and each route keeps its own
 * count of sockets per conversation. `accept` checks the query and the key and runs the connection.
 */
export function registerConversationSocket(
  app: ZodApp,
  context: ServerContext,
  path: string,
  overrides: Partial<SessionSocketOptions>,
  accept: (upgrade: ConversationSocketUpgrade) => void,
): void {
  const options = { ...DEFAULT_SESSION_SOCKET_OPTIONS, ...overrides };
  const services = createConversationSocketServices(context, options.maxSocketsPerConversation);
  app.route({
    method: 'GET',
    url: path,
    schema: { hide: true },
    handler: answerPlainRequest,
    wsHandler: (socket, request) => {
      const { id } = request.params as { id: string };
      accept({
        socket,
        request,
        conversationId: services.conversationIdOf(id),
        query: request.query as Record<string, unknown>,
        options,
        services,
      });
    },
  });
}
