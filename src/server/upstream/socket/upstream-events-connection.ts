import { randomUUID } from 'node:crypto';
import { SendMessageSchema } from '../../../runtime/conversation/requests';
import type { Content, Event } from '../../../runtime/events';
import { lookupError } from '../../http/error-catalogue';
import { openConversationStream } from '../../socket/open-conversation-stream';
import type { ConversationSocketDeps } from '../../socket/conversation-socket-deps';
import { CLOSE } from '../../socket/session-socket-options';
import { createSocketConnection } from '../../socket/socket-connection';
import { frameTooLarge } from '../../socket/socket-frame-limit';
import type { ServerFrame } from '../../socket/socket-frames';
import { activeBranchIds } from './upstream-active-branch';
import { readUpstreamClientFrame } from './upstream-client-frame';
import type { UpstreamEventsQuery } from './upstream-events-query';
import {
  fullStateEvent,
  serverErrorEvent,
  streamingDeltaEvent,
  withUpstreamClientAction,
  withUpstreamStats,
} from './upstream-server-events';
import { timestampMicros } from './upstream-timestamp-micros';

export interface UpstreamEventsConnectionDeps extends ConversationSocketDeps {
  query: UpstreamEventsQuery;
  /** Milliseconds since the epoch, for the timestamps of the events the socket makes itself. */
  now(): number;
}

/** JSON of stored events, once per event object: a live event is the same object for every socket. */
const serialized = new WeakMap<object, string>();

/**
 * One upstream event socket from accept to close: auth (on the upgrade, or the first frame within
 * the timeout), subscribe, the `full_state` event, the resend chosen by the query, then live events
 * as they become durable. The live relay of our own socket does the ordering: subscribed before the
 * store is read, it holds live events during the resend and drops any at or below the last seq sent,
 * so nothing repeats and nothing is missed. A ws ping goes out every heartbeat; a peer that has not
 * answered the previous one is cut off. Every exit path unsubscribes, clears its timers and frees its slot.
 */
export function runUpstreamEventsConnection(deps: UpstreamEventsConnectionDeps): void {
  const { socket, options } = deps;
  const connection = createSocketConnection(socket, {
    maxBufferedBytes: options.maxBufferedBytes,
    slowConsumerReason: 'client too slow: reconnect with resend_mode=since',
  });
  const { write, close, cleanup } = connection;
  let authenticated = false;
  let answeredPing = true;
  /** Stored events up to the subscription's throughSeq go out only when this says so (the resend). */
  let resendThroughSeq = -1;
  let inResend: (event: Event) => boolean = () => false;
  /** The model of the last full state, named in the `usage_to_metrics` of stats updates. */
  let modelName = '';

  const writeEvent = (event: object) => {
    let text = serialized.get(event);
    if (text === undefined) {
      text = JSON.stringify(event);
      serialized.set(event, text);
    }
    write(text);
  };
  const writeError = (code: string, detail: string) =>
    write(JSON.stringify(serverErrorEvent(code, detail, deps.now())));

  /** The relay speaks our frames; upstream clients get bare events. */
  const sendFrame = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'sync':
        modelName = frame.state.agent?.llm.model ?? frame.state.llm.model;
        return write(JSON.stringify(fullStateEvent(frame.state, deps.now())));
      case 'durable':
        if (frame.seq <= resendThroughSeq && !inResend(frame.event)) return;
        return writeEvent(withUpstreamClientAction(withUpstreamStats(frame.event, modelName)));
      case 'delta':
        if (deps.query.streamingDeltas)
          write(JSON.stringify(streamingDeltaEvent(frame.kind, frame.content, deps.now())));
        return;
      default:
        // item_started / item_aborted have no upstream counterpart; the durable events that follow
        // (or their absence) tell an upstream client everything it reads.
        return;
    }
  };

  async function start() {
    authenticated = true;
    const stream = await openConversationStream(deps, connection, {
      send: sendFrame,
      heartbeat,
      closeWithInternalError,
      reasons: {
        notFound: 'Conversation not found',
        tooManySockets: 'Too many connections for this conversation',
        deleted: 'Conversation deleted',
      },
    });
    if (!stream) return;
    const { service, conversationId, relay, subscription } = stream;
    try {
      const { throughSeq, state } = subscription;
      const resend = deps.query.resend;
      const replaysStored =
        resend.mode === 'all' || (resend.mode === 'since' && resend.afterMicros !== undefined);
      if (replaysStored) {
        resendThroughSeq = throughSeq;
        const branch = await activeBranchIds(
          (range) => service.readEvents(conversationId, range),
          state.leaf_event_id,
          throughSeq,
          options.replayPageSize,
        );
        const after = resend.mode === 'since' ? resend.afterMicros : undefined;
        inResend = (event) => branch.has(event.id) && (after === undefined || isAtOrAfter(event, after));
      }
      await relay.replay(replaysStored ? -1 : throughSeq, throughSeq, state);
    } catch (error) {
      closeWithInternalError(error);
    }
  }

  function heartbeat() {
    if (!answeredPing) {
      deps.log.info('upstream event socket: no pong, closing');
      cleanup();
      return socket.terminate();
    }
    answeredPing = false;
    socket.ping();
  }

  function closeWithInternalError(error: unknown) {
    deps.log.error({ err: error, error_id: randomUUID() }, 'upstream event socket failed');
    close(CLOSE.internalError, 'internal error');
  }

  /** Frames after auth, one at a time and in order, once the resend is out (see runSessionConnection). */
  let inbox: Promise<void> = Promise.resolve();
  const startOnce = () => {
    inbox = start().catch(closeWithInternalError);
  };

  function onMessage(data: unknown, isBinary: boolean) {
    deps.onActivity();
    answeredPing = true;
    if (connection.closed()) return;
    if (!authenticated) {
      const frame = frameTooLarge(data) ? undefined : readUpstreamClientFrame(data, isBinary);
      if (frame?.kind === 'auth' && deps.checkKey(frame.sessionApiKey)) return startOnce();
      return close(CLOSE.unauthorized, 'Authentication failed');
    }
    inbox = inbox.then(() => handleFrame(data, isBinary));
  }

  async function handleFrame(data: unknown, isBinary: boolean) {
    if (connection.closed()) return;
    const tooLarge = frameTooLarge(data);
    if (tooLarge) return writeError(tooLarge.code, tooLarge.detail);
    const frame = readUpstreamClientFrame(data, isBinary);
    // A redundant auth frame (the key was on the upgrade already) is ignored, as upstream does.
    if (frame.kind === 'auth') return;
    if (frame.kind === 'invalid') return writeError('invalid_frame', frame.detail);
    await sendUserMessage(deps, writeError, frame.content, frame.run);
  }

  socket.on('message', onMessage);
  socket.on('pong', () => {
    answeredPing = true;
  });

  if (deps.authenticatedOnUpgrade) {
    startOnce();
  } else {
    connection.track(
      setTimeout(
        () => !authenticated && close(CLOSE.unauthorized, 'Authentication failed'),
        options.authTimeoutMs,
      ),
    );
  }
}

/** A user message frame, sent to the conversation; a refusal goes back as a server error event. */
async function sendUserMessage(
  deps: UpstreamEventsConnectionDeps,
  writeError: (code: string, detail: string) => void,
  content: Content[],
  run: boolean,
): Promise<void> {
  const service = deps.service();
  if (!service || !deps.conversationId)
    return writeError('runtime_not_ready', 'The runtime is still starting');
  try {
    await service.sendMessage(deps.conversationId, SendMessageSchema.parse({ role: 'user', content, run }));
  } catch (error) {
    const entry = lookupError(error);
    if (entry) return writeError(entry.code, entry.detail);
    const errorId = randomUUID();
    deps.log.error({ err: error, error_id: errorId }, 'upstream event socket message failed');
    writeError('internal_error', `Internal Server Error (error_id ${errorId})`);
  }
}

function isAtOrAfter(event: Event, afterMicros: number): boolean {
  const micros = timestampMicros(event.timestamp);
  return micros !== undefined && micros >= afterMicros;
}
