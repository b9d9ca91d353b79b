import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ConversationService } from '../../runtime/conversation/conversation-service';
import type { SessionSocketOptions } from './session-socket-options';

/** What a conversation socket connection (ours or upstream's) gets from its route. */
export interface ConversationSocketDeps {
  socket: WebSocket;
  /** Undefined when the path id is not a UUID: after auth, the socket closes 4004. */
  conversationId: string | undefined;
  /** True when the upgrade already carried the right key, so no auth frame is awaited. */
  authenticatedOnUpgrade: boolean;
  checkKey(presented: unknown): boolean;
  /** Undefined when the server was built without a runtime: the connection closes 1013. */
  service(): ConversationService | undefined;
  /** Reserves a slot on the conversation; false when it already has the maximum. */
  acquireSlot(conversationId: string): boolean;
  releaseSlot(conversationId: string): void;
  onActivity(): void;
  options: SessionSocketOptions;
  log: FastifyBaseLogger;
}
