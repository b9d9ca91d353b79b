import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../client/session-cookie';
import type { ServerFrame } from '../socket/socket-frames';
import { TEST_SESSION_KEY } from './create-test-server';

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
  const frames: ServerFrame[] = [];
  const waiters: { predicate: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }[] = [];

  socket.on('open', () => {
    if (auth === 'frame') socket.send(JSON.stringify({ type: 'auth', session_api_key: key }));
  });
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    socket.on('error', () => {
      // The close event follows with the code; that is what tests look at.
    });
  });

  return {
    socket,
    frames,
    closed,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = frames.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
    durableSeqs: () => frames.flatMap((frame) => (frame.type === 'durable' ? [frame.seq] : [])),
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
}
