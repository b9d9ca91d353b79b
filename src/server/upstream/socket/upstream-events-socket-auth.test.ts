import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { userMessage } from '../../testing/api-helpers';
import { TEST_INGRESS_ORIGIN, TEST_SESSION_KEY } from '../../testing/create-test-server';
import {
  isFullState,
  restInfo,
  seeded,
  settle,
  upstreamEventsSocketPerTest,
} from '../../testing/upstream-events-socket-per-test';

const { start, open } = upstreamEventsSocketPerTest();

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
