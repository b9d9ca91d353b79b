import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { waitForStatus } from '../../testing/api-helpers';
import { TEST_SESSION_KEY } from '../../testing/create-test-server';
import { floodPausedReader } from '../../testing/flood-paused-reader';
import {
  isFullState,
  seeded,
  settle,
  type Frame,
  upstreamEventsSocketPerTest,
} from '../../testing/upstream-events-socket-per-test';

const { start, open } = upstreamEventsSocketPerTest();

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
