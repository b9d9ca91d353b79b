import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ConversationService, Subscription } from '../../runtime/conversation/conversation-service';
import { RuntimeError } from '../../runtime/conversation/runtime-error';
import { lookupError } from '../error-catalogue';
import { createLiveRelay, type LiveRelay } from './live-relay';
import { readClientFrame } from './read-client-frame';
import { serializeFrame } from './serialize-frame';
import { CLOSE, type SessionSocketOptions } from './session-socket-options';
import type { ClientFrame, ServerFrame } from './socket-frames';

export interface SessionConnectionDeps {
  socket: WebSocket;
  /** Undefined when the path id is not a UUID: after auth, the socket closes 4004. */
  conversationId: string | undefined;
  afterSeq: number;
  /** True when the upgrade request already carried the right key (X-Session-API-Key or awb_session cookie). */
  authenticatedOnUpgrade: boolean;
  checkKey(presented: unknown): boolean;
  service(): ConversationService | undefined;
  /** Reserves a slot on the conversation; false when it already has the maximum. */
  acquireSlot(conversationId: string): boolean;
  releaseSlot(conversationId: string): void;
  onActivity(): void;
  options: SessionSocketOptions;
  log: FastifyBaseLogger;
}

/**
 * One session socket from accept to close (CONTRACT §4): auth (header or cookie on the upgrade, or
 * the first frame within the timeout), subscribe, sync and replay through the relay, then live frames, heartbeats and client
 * `message` frames. Every exit path unsubscribes, clears its timers and frees its slot.
 */
export function runSessionConnection(deps: SessionConnectionDeps): void {
  const { socket, options } = deps;
  let phase: 'auth' | 'starting' | 'open' | 'closed' = 'auth';
  let subscription: Subscription | undefined;
  let relay: LiveRelay | undefined;
  let holdsSlot = false;
  const timers: NodeJS.Timeout[] = [];

  // Frames handed to ws but not yet written out, and who waits for that count to reach zero.
  let unwritten = 0;
  let drainWaiters: (() => void)[] = [];
  const releaseDrainWaiters = () => {
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const resolve of waiters) resolve();
  };
  const onWritten = () => {
    unwritten -= 1;
    if (unwritten === 0) releaseDrainWaiters();
  };

  const isOpen = () => phase !== 'closed' && socket.readyState === socket.OPEN;
  const send = (frame: ServerFrame) => {
    if (!isOpen()) return;
    unwritten += 1;
    socket.send(serializeFrame(frame), onWritten);
    if (socket.bufferedAmount > options.maxBufferedBytes) closeSlowConsumer();
  };
  const flush = () =>
    unwritten === 0 || !isOpen()
      ? Promise.resolve()
      : new Promise<void>((resolve) => drainWaiters.push(resolve));

  const close = (code: number, reason: string) => {
    if (phase === 'closed') return;
    cleanup();
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(code, reason);
  };

  function closeSlowConsumer() {
    close(CLOSE.slowConsumer, 'client too slow: reconnect with your cursor');
    // The close frame waits behind the unsent data; do not keep that memory for long.
    const terminateTimer = setTimeout(() => socket.terminate(), 1000);
    terminateTimer.unref();
  }

  function cleanup() {
    phase = 'closed';
    for (const timer of timers) clearTimeout(timer);
    releaseDrainWaiters();
    subscription?.unsubscribe();
    subscription = undefined;
    if (holdsSlot && deps.conversationId) deps.releaseSlot(deps.conversationId);
    holdsSlot = false;
  }

  async function start() {
    phase = 'starting';
    const service = deps.service();
    const conversationId = deps.conversationId;
    if (!service) return close(CLOSE.tryAgainLater, 'runtime starting');
    if (!conversationId) return close(CLOSE.notFound, 'conversation not found');
    if (!deps.acquireSlot(conversationId))
      return close(CLOSE.tryAgainLater, 'too many sockets on this conversation');
    holdsSlot = true;
    relay = createLiveRelay(
      {
        send,
        isOpen,
        backlog: () => socket.bufferedAmount,
        flush,
        readEvents: (range) => service.readEvents(conversationId, range),
        overflow: closeSlowConsumer,
      },
      {
        pageSize: options.replayPageSize,
        maxHeldFrames: options.maxHeldFrames,
        replayHighWaterBytes: Math.min(1024 * 1024, options.maxBufferedBytes / 4),
      },
    );
    try {
      subscription = service.subscribe(conversationId, relay.onFrame);
    } catch (error) {
      if (error instanceof RuntimeError && error.code === 'conversation_not_found') {
        return close(CLOSE.notFound, 'conversation not found');
      }
      return closeWithInternalError(error);
    }
    if (!isOpen()) return cleanup();
    void subscription.ended?.then(() => close(CLOSE.notFound, 'conversation deleted'));
    phase = 'open';
    timers.push(setInterval(heartbeat, options.heartbeatMs));
    try {
      await relay.replay(deps.afterSeq, subscription.throughSeq, subscription.state);
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

  function onMessage(data: unknown, isBinary: boolean) {
    deps.onActivity();
    const frame = readClientFrame(data, isBinary);
    if (phase === 'auth') {
      if (frame.ok && frame.value.type === 'auth' && deps.checkKey(frame.value.session_api_key))
        return void start();
      return close(CLOSE.unauthorized, 'unauthorized');
    }
    if (phase === 'closed') return;
    if (!frame.ok) return send({ type: 'error', code: 'invalid_frame', detail: frame.detail });
    if (frame.value.type === 'auth') {
      // Already authenticated (header or cookie): the right key changes nothing, a wrong one ends it.
      if (!deps.checkKey(frame.value.session_api_key)) close(CLOSE.unauthorized, 'unauthorized');
      return;
    }
    handleMessage(frame.value);
  }

  function handleMessage(frame: Extract<ClientFrame, { type: 'message' }>) {
    const service = deps.service();
    if (!service || !deps.conversationId) {
      return send({ type: 'error', code: 'runtime_not_ready', detail: 'The runtime is still starting' });
    }
    try {
      service.sendMessage(deps.conversationId, {
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
  socket.on('close', cleanup);
  socket.on('error', cleanup);

  if (deps.authenticatedOnUpgrade) {
    void start();
  } else {
    timers.push(
      setTimeout(() => phase === 'auth' && close(CLOSE.unauthorized, 'auth timeout'), options.authTimeoutMs),
    );
  }
}
