import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../client/session-cookie';
import type { ConversationInfo } from '../../runtime/events';
import { call, createConversation } from './api-helpers';
import { TEST_SESSION_KEY, type TestServer } from './create-test-server';
import { listeningServerPerTest } from './listening-server-per-test';
import { watchTestSocket } from './watch-test-socket';

export type Frame = Record<string, unknown> & { kind?: string; seq?: number };

/** How a raw client connects; `auth` says where the key goes (see `open`). */
export interface OpenOptions {
  auth?: 'query' | 'header' | 'cookie' | 'frame' | 'none';
  key?: string;
  query?: Record<string, string>;
  /** A raw query string (with its `?`), instead of `query`. */
  search?: string;
  autoPong?: boolean;
  origin?: string;
}

export interface UpstreamSocket {
  socket: WebSocket;
  frames: Frame[];
  closed: Promise<{ code: number; reason: string }>;
  waitFor(predicate: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** The stored events received (those with a seq), in arrival order. */
  storedSeqs(): number[];
  send(frame: unknown): void;
}

/** What upstreamEventsSocketPerTest gives a test file: its servers and its raw clients. */
export interface UpstreamEventsSocketPerTest {
  start: ReturnType<typeof listeningServerPerTest>['start'];
  track: ReturnType<typeof listeningServerPerTest>['track'];
  open(baseUrl: string, conversationId: string, options?: OpenOptions): UpstreamSocket;
}

/**
 * For a test file of upstream's event socket: listening servers and raw clients, all closed after
 * each test (listeningServerPerTest). Call it at the top level of the file.
 */
export function upstreamEventsSocketPerTest(): UpstreamEventsSocketPerTest {
  const { start, track } = listeningServerPerTest();
  /**
   * A raw client of /sockets/events/{id}. `auth` puts the key where upstream's clients put it: `query`
   * (the official client), `header`, `cookie` (our ingress), `frame` (first-message auth) or nowhere.
   */
  function open(baseUrl: string, conversationId: string, options: OpenOptions = {}): UpstreamSocket {
    const key = options.key ?? TEST_SESSION_KEY;
    const auth = options.auth ?? 'query';
    const params = new URLSearchParams(options.query);
    if (auth === 'query') params.set('session_api_key', key);
    const search = options.search ?? (params.size > 0 ? `?${params}` : '');
    const url = `${baseUrl.replace(/^http/, 'ws')}/sockets/events/${conversationId}${search}`;
    const headers: Record<string, string> = {};
    if (auth === 'header') headers['X-Session-API-Key'] = key;
    if (auth === 'cookie') headers.Cookie = `${SESSION_COOKIE}=${encodeURIComponent(key)}`;
    const socket = new WebSocket(url, {
      headers,
      autoPong: options.autoPong ?? true,
      ...(options.origin ? { origin: options.origin } : {}),
    });
    const watched = watchTestSocket<Frame>(socket, auth === 'frame' ? key : undefined);
    const upstream: UpstreamSocket = {
      socket,
      ...watched,
      storedSeqs: () => watched.frames.flatMap((frame) => (typeof frame.seq === 'number' ? [frame.seq] : [])),
      send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    };
    return track(upstream);
  }
  return { start, track, open };
}

export const isFullState = (frame: Frame) =>
  frame.kind === 'ConversationStateUpdateEvent' && frame.key === 'full_state';
export const hasSeq = (seq: number) => (frame: Frame) => frame.seq === seq;
export const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

/** A conversation with `count` user messages appended (no run). */
export async function seeded(app: TestServer, count: number, text = 'message'): Promise<ConversationInfo> {
  const info = await createConversation(app);
  for (let index = 0; index < count; index++) {
    await app.service.sendMessage(info.id, {
      role: 'user',
      content: [{ type: 'text', text: `${text} ${index}` }],
      run: false,
    });
    // Distinct milliseconds, so `since` has something to tell apart.
    await settle(3);
  }
  return await app.service.get(info.id);
}

export async function restInfo(app: TestServer, id: string): Promise<Record<string, unknown>> {
  return (await call(app, { url: `/api/conversations/${id}` })).body;
}
