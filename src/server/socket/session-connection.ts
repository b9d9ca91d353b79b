import { randomUUID } from 'node:crypto';
import { lookupError } from '../http/error-catalogue';
import { openConversationStream } from './open-conversation-stream';
import type { ConversationSocketDeps } from './conversation-socket-deps';
import type { LiveRelay } from './live-relay';
import { readClientFrame } from './read-client-frame';
import { serializeFrame } from './serialize-frame';
import { frameTooLarge } from './socket-frame-limit';
import { CLOSE } from './session-socket-options';
import { createSocketConnection } from './socket-connection';
import type { ClientFrame, ServerFrame } from './socket-frames';

export interface SessionConnectionDeps extends ConversationSocketDeps {
  /** The client's cursor: durable events after it are replayed. */
  afterSeq: number;
}

/**
 * One session socket from accept to close (CONTRACT §4): auth (header or cookie on the upgrade, or
 * the first frame within the timeout), subscribe, sync and replay through the relay, then live frames, heartbeats and client
 * `message` frames. Every exit path unsubscribes, clears its timers and frees its slot.
 */
export function runSessionConnection(deps: SessionConnectionDeps): void {
  const { socket, options } = deps;
  const connection = createSocketConnection(socket, {
    maxBufferedBytes: options.maxBufferedBytes,
    slowConsumerReason: 'client too slow: reconnect with your cursor',
  });
  const { close } = connection;
  let authenticated = false;
  let relay: LiveRelay | undefined;

  const send = (frame: ServerFrame) => connection.write(serializeFrame(frame));

  async function start() {
    authenticated = true;
    const stream = await openConversationStream(deps, connection, {
      send,
      heartbeat,
      closeWithInternalError,
      reasons: {
        notFound: 'conversation not found',
        tooManySockets: 'too many sockets on this conversation',
        deleted: 'conversation deleted',
      },
    });
    if (!stream) return;
    relay = stream.relay;
    try {
      await stream.relay.replay(deps.afterSeq, stream.subscription.throughSeq, stream.subscription.state);
    } catch (error) {
      closeWithInternalError(error);
    }
  }

  function heartbeat() {
    if (relay) send({ type: 'heartbeat', through_seq: relay.lastSentSeq() });
  }

  function closeWithInternalError(error: unknown) {
    deps.log.error({ err: error, error_id: randomUUID() }, 'session socket failed');
    close(CLOSE.internalError, 'internal error');
  }

  /**
   * Frames after auth are handled one at a time, in order, and only once sync and the replay are out:
   * a frame sent right behind the auth frame waits for them instead of being answered first.
   */
  let inbox: Promise<void> = Promise.resolve();
  const startOnce = () => {
    inbox = start().catch(closeWithInternalError);
  };

  function onMessage(data: unknown, isBinary: boolean) {
    deps.onActivity();
    if (connection.closed()) return;
    if (!authenticated) {
      const frame = frameTooLarge(data) ? undefined : readClientFrame(data, isBinary);
      if (frame?.ok && frame.value.type === 'auth' && deps.checkKey(frame.value.session_api_key))
        return startOnce();
      return close(CLOSE.unauthorized, 'unauthorized');
    }
    inbox = inbox.then(() => handleFrame(data, isBinary));
  }

  async function handleFrame(data: unknown, isBinary: boolean) {
    if (connection.closed()) return;
    const tooLarge = frameTooLarge(data);
    if (tooLarge) return send({ type: 'error', ...tooLarge });
    const frame = readClientFrame(data, isBinary);
    if (!frame.ok) return send({ type: 'error', code: 'invalid_frame', detail: frame.detail });
    if (frame.value.type === 'auth') {
      // Already authenticated (header or cookie): the right key changes nothing, a wrong one ends it.
      if (!deps.checkKey(frame.value.session_api_key)) close(CLOSE.unauthorized, 'unauthorized');
      return;
    }
    await handleMessage(frame.value);
  }

  async function handleMessage(frame: Extract<ClientFrame, { type: 'message' }>) {
    const service = deps.service();
    if (!service || !deps.conversationId) {
      return send({ type: 'error', code: 'runtime_not_ready', detail: 'The runtime is still starting' });
    }
    try {
      await service.sendMessage(deps.conversationId, {
        role: 'user',
        content: frame.content,
        run: frame.run,
        ...(frame.client_message_id === undefined ? {} : { client_message_id: frame.client_message_id }),
      });
    } catch (error) {
      const entry = lookupError(error);
      if (entry) return send({ type: 'error', code: entry.code, detail: entry.detail });
      const errorId = randomUUID();
      deps.log.error({ err: error, error_id: errorId }, 'session socket message failed');
      send({ type: 'error', code: 'internal_error', detail: `Internal Server Error (error_id ${errorId})` });
    }
  }

  socket.on('message', onMessage);

  if (deps.authenticatedOnUpgrade) {
    startOnce();
  } else {
    connection.track(
      setTimeout(() => !authenticated && close(CLOSE.unauthorized, 'auth timeout'), options.authTimeoutMs),
    );
  }
}
