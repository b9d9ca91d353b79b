import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../client/session-cookie';
import type { ServerFrame } from '../socket/socket-frames';
import { TEST_SESSION_KEY } from './create-test-server';
import { watchTestSocket } from './watch-test-socket';

export interface TestSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  /** Resolves with the close code and reason once the connection ends. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first frame (already received or future) that fits. */
  waitFor(predicate: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  durableSeqs(): number[];
  send(frame: unknown): void;
}

/**
 * A raw WebSocket client for server tests. `auth: 'frame'` sends the auth frame on open (the browser
 * way before the cookie), `'header'` sends the key as a header, `'cookie'` as the awb_session cookie
 * the ingress sets, `'none'` sends nothing. `headers` are added to the upgrade request.
 */
export function openTestSocket(
  baseUrl: string,
  conversationId: string,
  options: {
    afterSeq?: number;
    auth?: 'frame' | 'header' | 'cookie' | 'none';
    key?: string;
    query?: string;
    headers?: Record<string, string>;
  } = {},
): TestSocket {
  const key = options.key ?? TEST_SESSION_KEY;
  const auth = options.auth ?? 'frame';
  const query = options.query ?? (options.afterSeq === undefined ? '' : `?after_seq=${options.afterSeq}`);
  const url = `${baseUrl.replace(/^http/, 'ws')}/sockets/session/${conversationId}${query}`;
  const headers: Record<string, string> = { ...options.headers };
  if (auth === 'header') headers['X-Session-API-Key'] = key;
  if (auth === 'cookie') headers.Cookie = `${SESSION_COOKIE}=${encodeURIComponent(key)}`;
  const socket = new WebSocket(url, { headers });
  const watched = watchTestSocket<ServerFrame>(socket, auth === 'frame' ? key : undefined);

  return {
    socket,
    ...watched,
    durableSeqs: () => watched.frames.flatMap((frame) => (frame.type === 'durable' ? [frame.seq] : [])),
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
}
