import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../../client/session-cookie';
import type { ConversationInfo, Event } from '../../../runtime/events';
import type { LLMScript } from '../../../runtime/llm/llm-script';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../../testing/api-helpers';
import { TEST_INGRESS_ORIGIN, TEST_SESSION_KEY, type TestServer } from '../../testing/create-test-server';
import { floodPausedReader } from '../../testing/flood-paused-reader';
import { listeningServerPerTest } from '../../testing/listening-server-per-test';
import { watchTestSocket } from '../../testing/watch-test-socket';

type Frame = Record<string, unknown> & { kind?: string; seq?: number };

interface UpstreamSocket {
  socket: WebSocket;
  frames: Frame[];
  closed: Promise<{ code: number; reason: string }>;
  waitFor(predicate: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** The stored events received (those with a seq), in arrival order. */
  storedSeqs(): number[];
  send(frame: unknown): void;
}

const { start, track } = listeningServerPerTest();

/**
 * A raw client of /sockets/events/{id}. `auth` puts the key where upstream's clients put it: `query`
 * (the official client), `header`, `cookie` (our ingress), `frame` (first-message auth) or nowhere.
 */
function open(
  baseUrl: string,
  conversationId: string,
  options: {
    auth?: 'query' | 'header' | 'cookie' | 'frame' | 'none';
    key?: string;
    query?: Record<string, string>;
    /** A raw query string (with its `?`), instead of `query`. */
    search?: string;
    autoPong?: boolean;
    origin?: string;
  } = {},
): UpstreamSocket {
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

const isFullState = (frame: Frame) =>
  frame.kind === 'ConversationStateUpdateEvent' && frame.key === 'full_state';
const hasSeq = (seq: number) => (frame: Frame) => frame.seq === seq;
const settle = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

/** A conversation with `count` user messages appended (no run). */
async function seeded(app: TestServer, count: number, text = 'message'): Promise<ConversationInfo> {
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

async function restInfo(app: TestServer, id: string): Promise<Record<string, unknown>> {
  return (await call(app, { url: `/api/conversations/${id}` })).body;
}

describe('upstream event socket: auth', () => {
  it.each(['query', 'header', 'cookie', 'frame'] as const)(
    'admits the key by %s and sends full_state first, its value the GET answer (tags as an object)',
    async (auth) => {
      const { app, baseUrl } = await start();
      const info = await seeded(app, 2);
      const socket = open(baseUrl, info.id, { auth });
      const first = await socket.waitFor(() => true);
      expect(first).toEqual({
        kind: 'ConversationStateUpdateEvent',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        source: 'environment',
        key: 'full_state',
        value: await restInfo(app, info.id),
      });
      await settle();
      expect(socket.frames).toHaveLength(1);
      expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    },
  );

  it.each(['query', 'header', 'cookie', 'frame'] as const)(
    'closes 4001 for a wrong key by %s',
    async (auth) => {
      const { app, baseUrl } = await start();
      const info = await seeded(app, 1);
      const socket = open(baseUrl, info.id, { auth, key: 'wrong-key' });
      expect((await socket.closed).code).toBe(4001);
      expect(socket.frames).toEqual([]);
    },
  );

  it('refuses a cross-site page that rides on the cookie, before any frame', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 1);
    const hijack = open(baseUrl, info.id, { auth: 'cookie', origin: 'http://evil.test' });
    const status = new Promise<number>((resolve) =>
      hijack.socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    );
    expect(await status).toBe(403);
    expect(hijack.frames).toEqual([]);
    const own = open(baseUrl, info.id, { auth: 'cookie', origin: TEST_INGRESS_ORIGIN });
    await own.waitFor(isFullState);
  });

  it('closes 4001 when no auth frame comes within the timeout, or the first frame is not auth', async () => {
    const { app, baseUrl } = await start({ socket: { authTimeoutMs: 150 } });
    const info = await seeded(app, 1);
    const silent = open(baseUrl, info.id, { auth: 'none' });
    expect((await silent.closed).code).toBe(4001);
    const early = open(baseUrl, info.id, { auth: 'none' });
    early.socket.on('open', () => early.send(userMessage('before auth')));
    expect((await early.closed).code).toBe(4001);
    expect([...silent.frames, ...early.frames]).toEqual([]);
    expect(
      (await app.store.readEvents(info.id)).some((event) => JSON.stringify(event).includes('before auth')),
    ).toBe(false);
  });

  it('ignores a later auth frame, even one with a wrong key', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id, { auth: 'frame' });
    await socket.waitFor(isFullState);
    socket.send({ type: 'auth', session_api_key: TEST_SESSION_KEY });
    socket.send({ type: 'auth', session_api_key: 'wrong-key' });
    await settle();
    expect(socket.frames).toHaveLength(1);
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes 4004 for an unknown conversation or a path id that is no UUID, but 4001 first without the key', async () => {
    const { baseUrl } = await start();
    const unknown = '00000000-0000-4000-8000-00000000dead';
    expect(await open(baseUrl, unknown).closed).toEqual({ code: 4004, reason: 'Conversation not found' });
    expect((await open(baseUrl, 'not-a-uuid').closed).code).toBe(4004);
    expect((await open(baseUrl, unknown, { key: 'wrong-key' }).closed).code).toBe(4001);
  });

  it('closes 1013 past the sockets allowed on one conversation, and admits again once one leaves', async () => {
    const { app, baseUrl } = await start({ socket: { maxSocketsPerConversation: 2 } });
    const info = await seeded(app, 1);
    const admitted = [open(baseUrl, info.id), open(baseUrl, info.id)];
    await Promise.all(admitted.map((socket) => socket.waitFor(isFullState)));
    expect((await open(baseUrl, info.id).closed).code).toBe(1013);
    admitted[0]?.socket.close();
    await admitted[0]?.closed;
    await settle(50);
    await open(baseUrl, info.id).waitFor(isFullState);
  });

  it('closes 4004 when the conversation is deleted while the socket is open', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 1);
    const socket = open(baseUrl, info.id);
    await socket.waitFor(isFullState);
    await app.service.delete(info.id);
    expect((await socket.closed).code).toBe(4004);
  });
});

describe('upstream event socket: resend', () => {
  it('sends no stored event without resend_mode, all of them with all or the deprecated resend_all', async () => {
    const { app, baseUrl } = await start({ socket: { replayPageSize: 2 } });
    const info = await seeded(app, 5);
    const log = await app.store.readEvents(info.id);

    const none = open(baseUrl, info.id);
    await none.waitFor(isFullState);
    const queries: Record<string, string>[] = [
      { resend_mode: 'all' },
      { resend_all: 'true' },
      { resend_all: 'false', resend_mode: 'all' },
    ];
    for (const query of queries) {
      const all = open(baseUrl, info.id, { query });
      await all.waitFor(hasSeq(info.last_seq));
      expect(isFullState(all.frames[0] ?? {})).toBe(true);
      expect(all.frames.slice(1)).toEqual(log);
      // Each one exactly as the REST API answers it.
      expect(all.frames.slice(1)).toEqual(await allEvents(app, info.id));
    }
    expect(none.frames).toHaveLength(1);
  });

  it('sends the events at or after after_timestamp with since (UTC, naive read as UTC, or with an offset)', async () => {
    const { app, baseUrl } = await start({ socket: { replayPageSize: 2 } });
    const info = await seeded(app, 6);
    const log = await app.store.readEvents(info.id);
    const pivot = log[3] as Event;
    const expected = log.filter((event) => event.timestamp >= pivot.timestamp);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(log.length);
    const instant = new Date(pivot.timestamp);
    const shifted = new Date(instant.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    for (const after of [pivot.timestamp, pivot.timestamp.replace('Z', ''), shifted]) {
      const socket = open(baseUrl, info.id, { query: { resend_mode: 'since', after_timestamp: after } });
      await socket.waitFor(hasSeq(info.last_seq));
      expect(socket.frames.slice(1), after).toEqual(expected);
    }
  });

  it('compares after_timestamp to the microsecond and sends nothing for since without a timestamp', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 3);
    const log = await app.store.readEvents(info.id);
    const pivot = log[1] as Event;
    const justAfter = pivot.timestamp.replace('Z', '500');
    const socket = open(baseUrl, info.id, { query: { resend_mode: 'since', after_timestamp: justAfter } });
    await socket.waitFor(hasSeq(info.last_seq));
    expect(socket.frames.slice(1)).toEqual(log.filter((event) => event.timestamp > pivot.timestamp));

    const bare = open(baseUrl, info.id, { query: { resend_mode: 'since' } });
    await bare.waitFor(isFullState);
    await settle();
    expect(bare.frames).toHaveLength(1);
  });

  it('resends the active branch after a navigate, with the state changes along it', async () => {
    const { app, baseUrl } = await start({
      script: { turns: [{ text: 'first reply' }, { text: 'second reply' }] },
    });
    const info = await seeded(app, 0);
    const say = async (text: string) => {
      await app.service.sendMessage(info.id, { role: 'user', content: [{ type: 'text', text }], run: true });
      await waitForStatus(app, info.id, ['finished']);
    };
    await say('one');
    const firstReply = (await app.store.readEvents(info.id)).find(
      (event) => event.kind === 'MessageEvent' && event.source === 'agent',
    ) as Event;
    await say('two');
    await app.service.navigate(info.id, firstReply.id);
    await app.service.sendMessage(info.id, {
      role: 'user',
      content: [{ type: 'text', text: 'three' }],
      run: false,
    });

    const log = await app.store.readEvents(info.id);
    const path = new Set((await app.store.activeBranch(info.id)).map((event) => event.id));
    const expected = log.filter(
      (event) =>
        path.has(event.id) ||
        (event.kind === 'ConversationStateUpdateEvent' &&
          (event.parent_id === undefined || path.has(event.parent_id))),
    );
    expect(expected.some((event) => event.kind === 'ConversationStateUpdateEvent')).toBe(true);
    expect(JSON.stringify(expected)).not.toContain('second reply');
    const socket = open(baseUrl, info.id, { query: { resend_mode: 'all' } });
    await socket.waitFor(hasSeq(expected.at(-1)?.seq ?? -1));
    await settle();
    expect(socket.frames.slice(1)).toEqual(expected);
  });

  it('closes 4422 for a malformed resend_mode, after_timestamp or resend_all, and ignores unknown parameters', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 1);
    const malformed: Record<string, string>[] = [
      { resend_mode: 'some' },
      { resend_mode: '' },
      { resend_mode: 'since', after_timestamp: 'yesterday' },
      { after_timestamp: '2026-02-30T00:00:00' },
      { resend_all: 'maybe' },
    ];
    for (const query of malformed) {
      const { code, reason } = await open(baseUrl, info.id, { query }).closed;
      expect(code, JSON.stringify(query)).toBe(4422);
      expect(reason).toMatch(/resend_mode|after_timestamp|resend_all/);
    }
    const tolerant = open(baseUrl, info.id, { query: { include_skills: 'true', anything: 'x' } });
    await tolerant.waitFor(isFullState);
  });
});

describe('upstream event socket: live events', () => {
  it('delivers every event once and in order when appends race the resend', async () => {
    // A small buffer bound makes the resend wait for the socket to drain, so appends land mid-resend.
    const { app, baseUrl } = await start({ socket: { replayPageSize: 3, maxBufferedBytes: 400_000 } });
    const info = await seeded(app, 30, 'y'.repeat(20_000));
    const socket = open(baseUrl, info.id, { query: { resend_mode: 'all' } });
    let appended = 0;
    await new Promise<void>((resolve) => {
      const appendOne = async () => {
        await app.service.sendMessage(info.id, {
          role: 'user',
          content: [{ type: 'text', text: `live ${appended}` }],
          run: false,
        });
        appended += 1;
        if (appended < 40) setImmediate(() => void appendOne());
        else resolve();
      };
      socket.socket.once('open', () => void appendOne());
    });
    const last = (await app.service.get(info.id)).last_seq;
    await socket.waitFor(hasSeq(last), 20_000);
    await settle();
    expect(socket.storedSeqs()).toEqual(Array.from({ length: last + 1 }, (_, index) => index));
    expect(socket.frames.filter(isFullState)).toHaveLength(1);
  });

  it('gives sockets that join while the agent works every event exactly once', async () => {
    const script: LLMScript = {
      turns: Array.from({ length: 15 }, (_, index) => ({
        text: `step ${index}`,
        chunk_size: 4,
        chunk_delay_ms: 1,
        tool_calls: [{ name: 'think', arguments: { thought: `thought ${index}` } }],
      })),
      fallback: { text: 'Finished.' },
    };
    const { app, baseUrl } = await start({ script, socket: { replayPageSize: 2 } });
    const info = await createConversation(app, {
      confirmation_policy: { kind: 'NeverConfirm' },
      initial_message: userMessage('work', { run: true }),
    });
    const joined: UpstreamSocket[] = [];
    for (let index = 0; index < 4; index++) {
      joined.push(open(baseUrl, info.id, { query: { resend_mode: 'all' } }));
      await settle(15);
    }
    const done = await waitForStatus(app, info.id, ['finished'], 20_000);
    const log = await app.store.readEvents(info.id);
    for (const socket of joined) {
      await socket.waitFor(hasSeq(done.last_seq));
      expect(socket.frames.filter((frame) => frame.seq !== undefined)).toEqual(log);
    }
  });

  it('maps streamed text to StreamingDeltaEvent only when asked with streaming_deltas=true', async () => {
    const { app, baseUrl } = await start({
      script: { turns: [{ text: 'streamed words arrive in pieces', chunk_size: 5, chunk_delay_ms: 5 }] },
    });
    const info = await seeded(app, 0);
    const plain = open(baseUrl, info.id);
    const streaming = open(baseUrl, info.id, { query: { streaming_deltas: 'true' } });
    await Promise.all([plain.waitFor(isFullState), streaming.waitFor(isFullState)]);
    await app.service.sendMessage(info.id, {
      role: 'user',
      content: [{ type: 'text', text: 'talk' }],
      run: true,
    });
    const done = await waitForStatus(app, info.id, ['finished']);
    await Promise.all([plain.waitFor(hasSeq(done.last_seq)), streaming.waitFor(hasSeq(done.last_seq))]);
    const deltas = streaming.frames.filter((frame) => frame.kind === 'StreamingDeltaEvent');
    expect(deltas.map((frame) => frame.content).join('')).toBe('streamed words arrive in pieces');
    expect(deltas[0]).toEqual({
      kind: 'StreamingDeltaEvent',
      id: expect.any(String),
      timestamp: expect.any(String),
      source: 'agent',
      content: expect.any(String),
    });
    expect(plain.frames.some((frame) => frame.kind === 'StreamingDeltaEvent')).toBe(false);
    expect(streaming.frames.filter((frame) => frame.seq !== undefined)).toEqual(
      plain.frames.filter((frame) => frame.seq !== undefined),
    );
  });
});

describe('upstream event socket: client frames', () => {
  it('appends a user Message and runs it, accepting cache_prompt and string content', async () => {
    const { app, baseUrl } = await start({
      script: { turns: [{ text: 'Hello back.' }], fallback: { text: 'Again.' } },
    });
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id);
    await socket.waitFor(isFullState);
    socket.send({
      role: 'user',
      content: [{ type: 'text', text: 'hello over the socket', cache_prompt: true }],
    });
    const reply = await socket.waitFor((frame) => frame.kind === 'MessageEvent' && frame.source === 'agent');
    expect(reply).toMatchObject({
      llm_message: { role: 'assistant', content: [{ type: 'text', text: 'Hello back.' }] },
    });
    const sent = socket.frames.find((frame) => frame.kind === 'MessageEvent' && frame.source === 'user');
    expect(sent).toMatchObject({
      llm_message: { role: 'user', content: [{ type: 'text', text: 'hello over the socket' }] },
    });
    await waitForStatus(app, info.id, ['finished']);

    // Upstream's TextContent defaults its type; a string is one text block.
    socket.send({ role: 'user', content: [{ text: 'typeless block' }], vision_enabled: false });
    await socket.waitFor(
      (frame) => frame.kind === 'MessageEvent' && JSON.stringify(frame).includes('typeless block'),
    );
    await waitForStatus(app, info.id, ['finished']);
    socket.send({ role: 'user', content: 'plain string' });
    await socket.waitFor(
      (frame) => frame.kind === 'MessageEvent' && JSON.stringify(frame).includes('plain string'),
    );
    await socket.waitFor(
      (frame) => frame.kind === 'MessageEvent' && JSON.stringify(frame).includes('Again.'),
    );
  });

  it("takes the Agent Canvas's frame ({...message, run: true}) and runs it; run:false only appends", async () => {
    const { app, baseUrl } = await start({
      script: { turns: [{ text: 'Follow-up answered.' }], fallback: { text: 'Again.' } },
    });
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id);
    await socket.waitFor(isFullState);
    socket.send({ role: 'user', content: [{ type: 'text', text: 'a follow-up' }], run: true });
    await socket.waitFor(
      (frame) => frame.kind === 'MessageEvent' && JSON.stringify(frame).includes('Follow-up answered.'),
    );
    await waitForStatus(app, info.id, ['finished']);

    socket.send({ role: 'user', content: [{ type: 'text', text: 'just noted' }], run: false });
    await socket.waitFor(
      (frame) => frame.kind === 'MessageEvent' && JSON.stringify(frame).includes('just noted'),
    );
    expect(socket.frames.some((frame) => frame.kind === 'ServerErrorEvent')).toBe(false);
    const agentMessages = (await app.store.readEvents(info.id)).filter(
      (event) => event.kind === 'MessageEvent' && event.source === 'agent',
    );
    expect(agentMessages).toHaveLength(1);
  });

  it('answers anything else with a ServerErrorEvent and stays open', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id);
    await socket.waitFor(isFullState);
    const bad = [
      'not json',
      '[]',
      { type: 'message', content: [{ type: 'text', text: 'our frame, not upstream' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'x' }] },
      { role: 'user', content: [] },
      { role: 'user', content: [{ type: 'text', text: 'x', secret_field: 1 }] },
      { type: 'auth', session_api_key: TEST_SESSION_KEY, extra: true },
    ];
    for (const frame of bad) socket.send(frame);
    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    const errors = () => socket.frames.filter((frame) => frame.kind === 'ServerErrorEvent');
    await socket.waitFor(() => errors().length === bad.length + 1);
    for (const frame of errors()) {
      expect(frame).toEqual({
        kind: 'ServerErrorEvent',
        id: expect.any(String),
        timestamp: expect.any(String),
        source: 'environment',
        code: 'invalid_frame',
        detail: expect.any(String),
      });
    }
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    expect(
      (await app.store.readEvents(info.id)).filter((event) => event.kind === 'MessageEvent'),
    ).toHaveLength(0);
  });

  it('appends the message even when no model is set; the log then says why nothing ran', async () => {
    const { app, baseUrl } = await start({ env: { LLM_PROVIDER: '', LLM_MODEL: '' } });
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id);
    await socket.waitFor(isFullState);
    socket.send({ role: 'user', content: [{ type: 'text', text: 'no model' }] });
    const error = await socket.waitFor((frame) => frame.kind === 'ConversationErrorEvent');
    expect(error).toMatchObject({ code: 'LLMNotConfigured', seq: expect.any(Number) });
    expect(socket.frames.some((frame) => frame.kind === 'MessageEvent' && frame.source === 'user')).toBe(
      true,
    );
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('upstream event socket: heartbeats and slow clients', () => {
  it('pings, keeps a client that answers and cuts one that does not', async () => {
    const { app, baseUrl } = await start({ socket: { heartbeatMs: 200 } });
    const info = await seeded(app, 0);
    const answering = open(baseUrl, info.id);
    let pings = 0;
    answering.socket.on('ping', () => {
      pings += 1;
    });
    const mute = open(baseUrl, info.id, { autoPong: false });
    await Promise.all([answering.waitFor(isFullState), mute.waitFor(isFullState)]);
    expect((await mute.closed).code).toBe(1006);
    await settle(300);
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a client that stops reading once its buffer passes the bound', async () => {
    const { app, baseUrl } = await start({ socket: { maxBufferedBytes: 256 * 1024 } });
    const info = await seeded(app, 0);
    const slow = open(baseUrl, info.id);
    await slow.waitFor(isFullState);
    await floodPausedReader(app, slow.socket, info.id);
    const { code } = await slow.closed;
    // 4008 when the close frame gets through; 1006 when the server had to cut the connection.
    expect([4008, 1006]).toContain(code);
    expect(slow.storedSeqs().length).toBeLessThan(80);
  });
});

describe('upstream event socket: the key in the query string', () => {
  it('never writes the key to the log, even at level info', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const { app, baseUrl } = await start({ logger: { level: 'info', stream } });
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id, { query: { resend_mode: 'all' } });
    await socket.waitFor(isFullState);
    // The parameter's name percent-encoded: the query parser decodes it, so the redaction must too.
    const encoded = open(baseUrl, info.id, {
      auth: 'none',
      search: `?session%5Fapi%5Fkey=${TEST_SESSION_KEY}`,
    });
    await encoded.waitFor(isFullState);
    await settle();
    expect(logged).toContain('/sockets/events/');
    expect(logged).toContain('session_api_key=[redacted]');
    expect(logged).toContain('resend_mode=all');
    expect(logged).not.toContain(TEST_SESSION_KEY);
  });
});

describe('upstream event socket: the official client', () => {
  it('WebSocketCallbackClient receives full_state and then live events', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 0);
    // The client loads `ws` with require(), which plain ESM lacks: give it one, as a Node user would.
    const scope = globalThis as { require?: NodeRequire };
    scope.require ??= createRequire(import.meta.url);
    const { WebSocketCallbackClient } = await import('@openhands/typescript-client');
    const received: Frame[] = [];
    const errors: Error[] = [];
    const client = new WebSocketCallbackClient({
      host: baseUrl,
      conversationId: info.id,
      apiKey: TEST_SESSION_KEY,
      callback: (event) => received.push(event as unknown as Frame),
      onError: (error) => errors.push(error),
    });
    client.start();
    try {
      await vi.waitFor(() => expect(received.some(isFullState)).toBe(true), { timeout: 5_000 });
      await app.service.sendMessage(info.id, {
        role: 'user',
        content: [{ type: 'text', text: 'hi' }],
        run: false,
      });
      await vi.waitFor(() => expect(received.some((frame) => frame.kind === 'MessageEvent')).toBe(true), {
        timeout: 5_000,
      });
      expect(errors).toEqual([]);
    } finally {
      client.stop();
    }
  });
});
