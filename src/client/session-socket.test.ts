import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from './api-types';
import { createSessionSocket, type SessionSocketOptions, type SessionSocketState } from './session-socket';
import { FakeWebSocket } from './testing/fake-web-socket';

const CONVERSATION = '11111111-2222-4333-8444-555555555555';

function pauseEvent(seq: number): Event {
  const hex = seq.toString(16).padStart(12, '0');
  return {
    kind: 'PauseEvent',
    id: `00000000-0000-4000-8000-${hex}`,
    seq,
    timestamp: '2026-01-01T00:00:00.000Z',
    source: 'user',
  };
}

const durable = (seq: number) => ({ type: 'durable', seq, event: pauseEvent(seq) });
const sync = (fromSeq: number, throughSeq: number) => ({
  type: 'sync',
  from_seq: fromSeq,
  through_seq: throughSeq,
  state: {},
});

function start(overrides: Partial<SessionSocketOptions> = {}) {
  const delivered: number[] = [];
  const states: SessionSocketState[] = [];
  const frames: string[] = [];
  const socket = createSessionSocket({
    baseUrl: 'http://127.0.0.1:9',
    conversationId: CONVERSATION,
    sessionKey: 'the-key',
    WebSocket: FakeWebSocket,
    random: () => 0.5,
    onEvent: (_event, seq) => delivered.push(seq),
    onFrame: (frame) => frames.push(frame.type),
    onState: (state) => states.push(state),
    ...overrides,
  });
  return { socket, delivered, states, frames };
}

/** Opens the latest fake socket and answers its auth with a sync. */
function accept(fromSeq: number, throughSeq: number): FakeWebSocket {
  const server = FakeWebSocket.latest();
  server.open();
  server.push(sync(fromSeq, throughSeq));
  return server;
}

describe('createSessionSocket', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('authenticates with the first frame, keeps the key out of the URL, and is live after sync', () => {
    const { socket, states } = start();
    const server = FakeWebSocket.latest();
    expect(server.url).toBe(`ws://127.0.0.1:9/sockets/session/${CONVERSATION}?after_seq=-1`);
    expect(server.url).not.toContain('the-key');
    expect(socket.state()).toBe('connecting');
    server.open();
    expect(JSON.parse(server.sent[0] ?? '')).toEqual({ type: 'auth', session_api_key: 'the-key' });
    server.push(sync(0, -1));
    expect(socket.state()).toBe('live');
    expect(states).toEqual(['live']);
  });

  it('without a key sends no auth frame and relies on the cookie of the upgrade', () => {
    const { socket } = start({ sessionKey: undefined });
    const server = FakeWebSocket.latest();
    server.open();
    expect(server.sent).toEqual([]);
    server.push(sync(0, -1));
    expect(socket.state()).toBe('live');
  });

  it('delivers durable events once and in order, dropping repeats', () => {
    const { socket, delivered } = start();
    const server = accept(0, 2);
    for (const seq of [0, 1, 1, 0, 2, 2]) server.push(durable(seq));
    expect(delivered).toEqual([0, 1, 2]);
    expect(socket.cursor()).toBe(2);
  });

  it('on a gap it delivers nothing out of order and reconnects from its cursor', () => {
    const { delivered, states } = start();
    const server = accept(0, 5);
    server.push(durable(0));
    server.push(durable(2));
    expect(delivered).toEqual([0]);
    expect(server.closedWith?.code).toBe(4000);
    expect(states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    const next = FakeWebSocket.latest();
    expect(next).not.toBe(server);
    expect(next.url).toContain('after_seq=0');
    next.open();
    next.push(sync(1, 2));
    next.push(durable(1));
    next.push(durable(2));
    expect(delivered).toEqual([0, 1, 2]);
  });

  it('reconnects after a drop with backoff 1 s doubling, and resumes from the last delivered seq', () => {
    const { delivered, states } = start({ afterSeq: 3 });
    expect(FakeWebSocket.latest().url).toContain('after_seq=3');
    const server = accept(4, 4);
    server.push(durable(4));
    server.drop();
    expect(states.at(-1)).toBe('reconnecting');

    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(FakeWebSocket.latest().url).toContain('after_seq=4');
    accept(5, 4);
    expect(states.at(-1)).toBe('live');
    expect(delivered).toEqual([4]);
  });

  it('caps the backoff at 30 s and starts over at 1 s once a connection went live', () => {
    start();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      FakeWebSocket.latest().drop();
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    accept(0, -1);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.latest().readyState).toBe(0);
  });

  it('treats 40 s without any frame as a dead connection and reconnects', () => {
    const { states } = start();
    const server = accept(0, -1);
    vi.advanceTimersByTime(39_000);
    server.push({ type: 'heartbeat', through_seq: -1 });
    vi.advanceTimersByTime(39_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(server.closedWith?.code).toBe(4000);
    expect(states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('wake() reconnects at once instead of waiting out the backoff', () => {
    const { socket, states } = start();
    accept(0, -1);
    for (let drop = 0; drop < 4; drop++) {
      FakeWebSocket.latest().drop();
      vi.advanceTimersByTime(1_000 * 2 ** drop);
    }
    FakeWebSocket.latest().drop();
    expect(FakeWebSocket.instances).toHaveLength(5);
    socket.wake();
    expect(FakeWebSocket.instances).toHaveLength(6);
    accept(0, -1);
    expect(states.at(-1)).toBe('live');
    // The backoff timer it replaced does not open a second connection later.
    vi.advanceTimersByTime(16_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
  });

  it('wake() keeps a connection that heard from the server within a heartbeat', () => {
    const { socket } = start();
    const server = accept(0, -1);
    vi.advanceTimersByTime(15_000);
    server.push({ type: 'heartbeat', through_seq: -1 });
    vi.advanceTimersByTime(5_000);
    socket.wake();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(server.closedWith).toBeUndefined();
  });

  it('wake() replaces a connection silent for longer than a heartbeat, long before the watchdog', () => {
    const { socket, delivered } = start();
    const server = accept(0, 0);
    server.push(durable(0));
    vi.advanceTimersByTime(21_000);
    socket.wake();
    expect(server.closedWith?.code).toBe(4000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toContain('after_seq=0');
    const next = accept(1, 1);
    next.push(durable(1));
    expect(delivered).toEqual([0, 1]);
  });

  it('wake() after close() does nothing', () => {
    const { socket } = start();
    accept(0, -1);
    socket.close();
    vi.advanceTimersByTime(60_000);
    socket.wake();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects when a heartbeat reports events this connection never delivered', () => {
    const { delivered } = start();
    const server = accept(0, 0);
    server.push(durable(0));
    server.push({ type: 'heartbeat', through_seq: 3 });
    expect(server.closedWith?.code).toBe(4000);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.latest().url).toContain('after_seq=0');
    expect(delivered).toEqual([0]);
  });

  it.each([4001, 4004])('stops for good on close code %i', (code) => {
    const { socket, states } = start();
    const server = FakeWebSocket.latest();
    server.open();
    server.drop(code, 'final');
    expect(socket.state()).toBe('closed');
    expect(states).toEqual(['closed']);
    vi.advanceTimersByTime(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('passes stream, heartbeat and unknown frames to onFrame and ignores non-JSON data', () => {
    const { frames, delivered } = start();
    const server = accept(0, -1);
    server.push({ type: 'item_started', item_id: 'r1', anchor_seq: -1 });
    server.push({ type: 'delta', item_id: 'r1', kind: 'text', content: 'hel' });
    server.push({ type: 'something_new' });
    server.onmessage?.({ data: 'not json' });
    expect(frames).toEqual(['sync', 'item_started', 'delta', 'something_new']);
    expect(delivered).toEqual([]);
  });

  it('sends client frames only while live', () => {
    const { socket } = start();
    const message = { type: 'message' as const, content: [{ type: 'text' as const, text: 'hi' }], run: true };
    expect(socket.send(message)).toBe(false);
    const server = accept(0, -1);
    expect(socket.send(message)).toBe(true);
    expect(JSON.parse(server.sent.at(-1) ?? '')).toEqual(message);
  });

  it('close() ends everything: the socket is closed, no callbacks, no reconnect', () => {
    const { socket, delivered, states } = start();
    const server = accept(0, 1);
    socket.close();
    expect(server.closedWith?.code).toBe(1000);
    server.push(durable(0));
    server.drop();
    vi.advanceTimersByTime(120_000);
    expect(delivered).toEqual([]);
    expect(states).toEqual(['live', 'closed']);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
