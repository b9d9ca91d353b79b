import type { ClientFrame, Event, ServerFrame } from './api-types';
import { type ReconnectDelayOptions, reconnectDelay, DEFAULT_RECONNECT_DELAY } from './reconnect-delay';
import { sessionSocketUrl } from './socket-url';

export type SessionSocketState = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** The part of the WebSocket API used here: the browser's global and `ws` in Node both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: never) => void) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionSocketOptions {
  /** The HTTP(S)/WS(S) origin of the API; empty in a browser means the page's origin. */
  baseUrl: string;
  conversationId: string;
  /**
   * Sent in the first frame (non-browser clients). Absent in the browser: the upgrade carries the
   * awb_session cookie, the server is live at once, and no auth frame is sent.
   */
  sessionKey?: string;
  /** The highest seq the consumer already holds (-1: none). */
  afterSeq?: number;
  /** Defaults to the global WebSocket (browsers); in Node pass `WebSocket` from `ws`. */
  WebSocket?: WebSocketConstructor;
  /** Each durable event exactly once, in seq order, across reconnects. */
  onEvent(event: Event, seq: number): void;
  /** Every other frame: sync, item_started, delta, item_aborted, heartbeat, error, and unknown types. */
  onFrame?(frame: ServerFrame): void;
  /** State changes; `closed` carries the close code when the server ended it for good (4001, 4004). */
  onState?(state: SessionSocketState, detail?: { code: number; reason: string }): void;
  random?: () => number;
  timers?: Timers;
  backoff?: ReconnectDelayOptions;
  /** No frame for this long (heartbeats come every 15 s): the connection is dead, reconnect. */
  watchdogMs?: number;
  /**
   * On wake(), a live connection whose last frame is older than this is taken for dead (a laptop
   * that slept keeps a socket that looks open) and replaced at once. Longer than the heartbeat.
   */
  staleAfterMs?: number;
  now?: () => number;
}

export interface SessionSocket {
  state(): SessionSocketState;
  /** The highest seq delivered to onEvent; every seq up to it was delivered, none twice. */
  cursor(): number;
  /** Sends a client frame (e.g. a message) when live; false when not connected. */
  send(frame: ClientFrame): boolean;
  /**
   * The network came back or the page became visible again (`online`, `visibilitychange`,
   * `pageshow`): a reconnect waiting on its backoff happens now, and a connection silent for longer
   * than a heartbeat is replaced now instead of after the silence timeout. A healthy one is kept.
   */
  wake(): void;
  /** Stops for good: no more callbacks, no reconnect. */
  close(): void;
}

/** Close codes after which reconnecting cannot help. */
const FINAL_CLOSE_CODES = new Set([4001, 4004]);
const OPEN = 1;

/**
 * The reconnecting session socket every consumer uses (CONTRACT §4). It authenticates with the first
 * frame when given a key (else the same-origin cookie on the upgrade does), delivers durable events exactly once and in order (duplicates dropped; on a gap it
 * reconnects from its cursor instead of delivering out of order), reconnects with backoff (1 s
 * doubling to 30 s, jittered) after a drop or 40 s of silence, at once when woken (see wake), and
 * stops on 4001/4004.
 */
export function createSessionSocket(options: SessionSocketOptions): SessionSocket {
  const { WebSocketImpl, timers, random, watchdogMs, staleAfterMs, now } = withDefaults(options);

  let state: SessionSocketState = 'connecting';
  let cursor = options.afterSeq ?? -1;
  let attempt = 0;
  let socket: WebSocketLike | undefined;
  let live = false;
  let watchdog: unknown;
  let retryTimer: unknown;
  let lastFrameAt = now();

  const setState = (next: SessionSocketState, detail?: { code: number; reason: string }) => {
    if (state === next) return;
    state = next;
    options.onState?.(next, detail);
  };

  function connect(): void {
    retryTimer = undefined;
    live = false;
    const current = new WebSocketImpl(sessionSocketUrl(options.baseUrl, options.conversationId, cursor));
    socket = current;
    armWatchdog();
    attachHandlers(current, options.sessionKey, () => socket === current, {
      onMessage(data) {
        armWatchdog();
        const frame = parseFrame(data);
        if (frame) handleFrame(frame);
      },
      onClose: onDisconnected,
    });
  }

  function handleFrame(frame: ServerFrame): void {
    if (frame.type === 'durable') {
      if (frame.seq <= cursor) return;
      if (frame.seq !== cursor + 1) {
        dropAndReconnect();
        return;
      }
      cursor = frame.seq;
      options.onEvent(frame.event, frame.seq);
      return;
    }
    if (frame.type === 'sync') {
      live = true;
      attempt = 0;
      setState('live');
    }
    if (frame.type === 'heartbeat' && frame.through_seq > cursor && live) {
      // The server sent events this connection never delivered: fetch them again from the cursor.
      options.onFrame?.(frame);
      dropAndReconnect();
      return;
    }
    options.onFrame?.(frame);
  }

  function onDisconnected(code: number, reason: string): void {
    detach();
    if (state === 'closed') return;
    if (FINAL_CLOSE_CODES.has(code)) {
      clearTimers();
      setState('closed', { code, reason });
      return;
    }
    scheduleReconnect();
  }

  function dropAndReconnect(): void {
    const current = socket;
    detach();
    current?.close(4000, 'client reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    clearTimers();
    setState('reconnecting');
    const delay = reconnectDelay(attempt, random, options.backoff ?? DEFAULT_RECONNECT_DELAY);
    attempt += 1;
    retryTimer = timers.setTimeout(connect, delay);
  }

  function wake(): void {
    if (state === 'closed') return;
    if (retryTimer !== undefined) {
      clearTimers();
      attempt = 0;
      connect();
      return;
    }
    if (now() - lastFrameAt > staleAfterMs) {
      const current = socket;
      detach();
      current?.close(4000, 'client reconnecting');
      clearTimers();
      setState('reconnecting');
      attempt = 0;
      connect();
    }
  }

  function armWatchdog(): void {
    lastFrameAt = now();
    if (watchdog !== undefined) timers.clearTimeout(watchdog);
    watchdog = timers.setTimeout(() => {
      watchdog = undefined;
      dropAndReconnect();
    }, watchdogMs);
  }

  function detach(): void {
    if (!socket) return;
    detachHandlers(socket);
    socket = undefined;
    live = false;
  }

  function clearTimers(): void {
    if (watchdog !== undefined) timers.clearTimeout(watchdog);
    if (retryTimer !== undefined) timers.clearTimeout(retryTimer);
    watchdog = undefined;
    retryTimer = undefined;
  }

  connect();

  return {
    state: () => state,
    cursor: () => cursor,
    send: (frame) => sendIfLive(socket, live, frame),
    wake,
    close() {
      if (state === 'closed') return;
      const current = socket;
      detach();
      clearTimers();
      // Closing a socket still connecting makes Node's ws emit an error: with no listener left it
      // would be an uncaught exception. Nothing is waiting for this socket any more, so it is ignored.
      if (current) current.onerror = () => {};
      current?.close(1000, 'client closed');
      setState('closed');
    },
  };
}

/** The options with their defaults: the global WebSocket and timers, Math.random, Date.now. */
function withDefaults(options: SessionSocketOptions) {
  const WebSocketImpl: WebSocketConstructor = options.WebSocket ?? globalWebSocket();
  const timers: Timers = options.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  };
  return {
    WebSocketImpl,
    timers,
    random: options.random ?? Math.random,
    watchdogMs: options.watchdogMs ?? 40_000,
    staleAfterMs: options.staleAfterMs ?? 20_000,
    now: options.now ?? Date.now,
  };
}

/**
 * Wires a new socket: the auth frame on open when there is a key, its messages and its close to the
 * handlers while it is still the current socket (a replaced one's late events are ignored).
 */
function attachHandlers(
  current: WebSocketLike,
  sessionKey: string | undefined,
  isCurrent: () => boolean,
  handlers: { onMessage(data: unknown): void; onClose(code: number, reason: string): void },
): void {
  current.onopen =
    sessionKey === undefined
      ? null
      : () => current.send(JSON.stringify({ type: 'auth', session_api_key: sessionKey }));
  current.onmessage = (message) => {
    if (isCurrent()) handlers.onMessage(message.data);
  };
  current.onclose = (event) => {
    if (isCurrent()) handlers.onClose(event.code, event.reason);
  };
  current.onerror = () => {
    // A close event always follows an error; that is where reconnecting is decided.
  };
}

/** Sends a frame on a socket that is live (synced and open); false when it is not. */
function sendIfLive(socket: WebSocketLike | undefined, live: boolean, frame: ClientFrame): boolean {
  if (!socket || !live || socket.readyState !== OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

function detachHandlers(socket: WebSocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}

function globalWebSocket(): WebSocketConstructor {
  const candidate = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (typeof candidate !== 'function') {
    throw new Error(
      'createSessionSocket: no WebSocket implementation here (in Node, pass `WebSocket` from ws)',
    );
  }
  return candidate as WebSocketConstructor;
}

function parseFrame(data: unknown): ServerFrame | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && 'type' in value && typeof value.type === 'string') {
      return value as ServerFrame;
    }
  } catch {
    // Not JSON: not a frame of this protocol, ignored like an unknown type.
  }
  return undefined;
}
