import type { ConversationService, Subscription } from '../../runtime/conversation/conversation-service';
import { RuntimeError } from '../../runtime/errors/runtime-error';
import { createConnectionRelay } from './connection-relay';
import type { ConversationSocketDeps } from './conversation-socket-deps';
import type { LiveRelay } from './live-relay';
import { CLOSE } from './session-socket-options';
import type { SocketConnection } from './socket-connection';
import type { ServerFrame } from './socket-frames';

/** The close reasons each protocol words its own way (upstream's clients show them). */
export interface StreamCloseReasons {
  notFound: string;
  tooManySockets: string;
  deleted: string;
}

export interface ConversationStream {
  service: ConversationService;
  conversationId: string;
  relay: LiveRelay;
  subscription: Subscription;
}

/**
 * The authenticated start of a conversation socket: a runtime, a conversation, a free slot, then
 * the subscription feeding a live relay (subscribed before anything reads the store, so the replay
 * misses nothing) and the heartbeat. Each step that fails closes the socket and yields undefined;
 * what was taken (slot, subscription) is given back by the connection's cleanup.
 */
export async function openConversationStream(
  deps: ConversationSocketDeps,
  connection: SocketConnection,
  port: {
    send(frame: ServerFrame): void;
    heartbeat(): void;
    closeWithInternalError(error: unknown): void;
    reasons: StreamCloseReasons;
  },
): Promise<ConversationStream | undefined> {
  const close = (code: number, reason: string) => {
    connection.close(code, reason);
    return undefined;
  };
  const service = deps.service();
  const conversationId = deps.conversationId;
  if (!service) return close(CLOSE.tryAgainLater, 'runtime starting');
  if (!conversationId) return close(CLOSE.notFound, port.reasons.notFound);
  if (!deps.acquireSlot(conversationId)) return close(CLOSE.tryAgainLater, port.reasons.tooManySockets);
  connection.defer(() => deps.releaseSlot(conversationId));
  const relay = createConnectionRelay(deps.socket, connection, deps.options, {
    send: port.send,
    readEvents: (range) => service.readEvents(conversationId, range),
  });
  let subscription: Subscription;
  try {
    subscription = await service.subscribe(conversationId, relay.onFrame);
  } catch (error) {
    if (error instanceof RuntimeError && error.code === 'conversation_not_found')
      return close(CLOSE.notFound, port.reasons.notFound);
    port.closeWithInternalError(error);
    return undefined;
  }
  connection.defer(() => subscription.unsubscribe());
  if (!connection.isOpen()) {
    connection.cleanup();
    return undefined;
  }
  void subscription.ended?.then(() => close(CLOSE.notFound, port.reasons.deleted));
  connection.track(setInterval(port.heartbeat, deps.options.heartbeatMs));
  return { service, conversationId, relay, subscription };
}
