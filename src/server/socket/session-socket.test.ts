import { describe, expect, it } from 'vitest';
import type { ConversationInfo } from '../../runtime/events';
import type { LLMScript } from '../../runtime/llm/llm-script';
import { createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import type { TestServer } from '../testing/create-test-server';
import { floodPausedReader } from '../testing/flood-paused-reader';
import { listeningServerPerTest } from '../testing/listening-server-per-test';
import { openTestSocket, type TestSocket } from '../testing/test-socket';

const { start, track } = listeningServerPerTest();

function open(...args: Parameters<typeof openTestSocket>): TestSocket {
  return track(openTestSocket(...args));
}

/** A conversation with `count` user messages appended (no run), so its log has known events. */
async function seeded(app: TestServer, count: number): Promise<ConversationInfo> {
  const info = await createConversation(app);
  for (let index = 0; index < count; index++) {
    await app.service.sendMessage(info.id, {
      role: 'user',
      content: [{ type: 'text', text: `message ${index}` }],
      run: false,
    });
  }
  return await app.service.get(info.id);
}

function thinkingAgent(steps: number): LLMScript {
  return {
    turns: Array.from({ length: steps }, (_, index) => ({
      text: `step ${index} `.repeat(3),
      chunk_size: 4,
      chunk_delay_ms: 1,
      tool_calls: [{ name: 'think', arguments: { thought: `thought ${index}` } }],
    })),
    fallback: { text: 'Finished.' },
  };
}

describe('session socket: auth and admission', () => {
  it('closes 4001 when no auth frame comes within the timeout', async () => {
    const { app, baseUrl } = await start({ socket: { authTimeoutMs: 150 } });
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id, { auth: 'none' });
    expect((await socket.closed).code).toBe(4001);
    expect(socket.frames).toEqual([]);
  });

  it('closes 4001 for a wrong key or a first frame that is not auth', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 0);
    expect((await open(baseUrl, info.id, { key: 'wrong' }).closed).code).toBe(4001);
    const early = open(baseUrl, info.id, { auth: 'none' });
    early.socket.on('open', () => early.send({ type: 'message', content: [{ type: 'text', text: 'x' }] }));
    expect((await early.closed).code).toBe(4001);
    expect((await open(baseUrl, info.id, { auth: 'header', key: 'wrong' }).closed).code).toBe(4001);
  });

  it('accepts the X-Session-API-Key header instead of an auth frame', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 2);
    const socket = open(baseUrl, info.id, { auth: 'header' });
    await socket.waitFor((frame) => frame.type === 'durable' && frame.seq === info.last_seq);
    expect(socket.frames[0]?.type).toBe('sync');
  });

  it('closes 4004 for an unknown conversation or a path id that is no UUID', async () => {
    const { baseUrl } = await start();
    expect((await open(baseUrl, '00000000-0000-4000-8000-00000000dead').closed).code).toBe(4004);
    expect((await open(baseUrl, 'not-a-uuid').closed).code).toBe(4004);
  });

  it('closes 4004 when the conversation is deleted while the socket is open', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 1);
    const socket = open(baseUrl, info.id);
    await socket.waitFor((frame) => frame.type === 'durable' && frame.seq === info.last_seq);
    await app.service.delete(info.id);
    expect(await socket.closed).toEqual({ code: 4004, reason: 'conversation deleted' });
  });

  it('closes 4422 for an after_seq that is not an integer >= -1', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 0);
    for (const query of ['?after_seq=abc', '?after_seq=-2', '?after_seq=1.5']) {
      expect((await open(baseUrl, info.id, { query }).closed).code, query).toBe(4422);
    }
  });

  it('admits 50 sockets on one conversation and closes the 51st with 1013', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 1);
    const admitted = Array.from({ length: 50 }, () => open(baseUrl, info.id));
    await Promise.all(admitted.map((socket) => socket.waitFor((frame) => frame.type === 'sync')));
    const extra = open(baseUrl, info.id);
    expect((await extra.closed).code).toBe(1013);
    admitted[0]?.socket.close();
    await admitted[0]?.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const replacement = open(baseUrl, info.id);
    await replacement.waitFor((frame) => frame.type === 'sync');
  });
});

describe('session socket: replay and live frames', () => {
  it('replays exactly the log after N, for every N, after a sync frame', async () => {
    const { app, baseUrl } = await start({ socket: { replayPageSize: 3 } });
    const info = await seeded(app, 9);
    const log = await app.store.readEvents(info.id);
    for (const afterSeq of [-1, 0, 4, info.last_seq - 1, info.last_seq]) {
      const socket = open(baseUrl, info.id, { afterSeq });
      const sync = await socket.waitFor((frame) => frame.type === 'sync');
      expect(sync).toMatchObject({
        from_seq: afterSeq + 1,
        through_seq: info.last_seq,
        state: { id: info.id },
      });
      if (afterSeq < info.last_seq)
        await socket.waitFor((frame) => frame.type === 'durable' && frame.seq === info.last_seq);
      const durable = socket.frames.filter((frame) => frame.type === 'durable');
      expect(durable.map((frame) => frame.event)).toEqual(log.filter((event) => event.seq > afterSeq));
      socket.socket.close();
    }
  });

  it('gives a socket that connects while the agent emits every event exactly once, in order', async () => {
    const { app, baseUrl } = await start({ script: thinkingAgent(25), socket: { replayPageSize: 2 } });
    const info = await createConversation(app, {
      confirmation_policy: { kind: 'NeverConfirm' },
      initial_message: userMessage('work', { run: true }),
    });
    const joined: TestSocket[] = [];
    for (let index = 0; index < 6; index++) {
      joined.push(open(baseUrl, info.id, { afterSeq: index % 2 === 0 ? -1 : 0 }));
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const done = await waitForStatus(app, info.id, ['finished'], 20_000);
    for (const socket of joined) {
      await socket.waitFor((frame) => frame.type === 'durable' && frame.seq === done.last_seq);
      const sync = socket.frames.find((frame) => frame.type === 'sync');
      const firstSeq = sync?.type === 'sync' ? sync.from_seq : Number.NaN;
      const expected = Array.from({ length: done.last_seq - firstSeq + 1 }, (_, index) => firstSeq + index);
      expect(socket.durableSeqs()).toEqual(expected);
    }
    const log = await app.store.readEvents(info.id);
    const full = joined[0]?.frames.flatMap((frame) => (frame.type === 'durable' ? [frame.event] : []));
    expect(full).toEqual(log);
  });

  it('streams item_started and delta frames for model output', async () => {
    const { app, baseUrl } = await start({
      script: { turns: [{ text: 'streamed words arrive in pieces', chunk_size: 5, chunk_delay_ms: 5 }] },
    });
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id);
    await socket.waitFor((frame) => frame.type === 'sync');
    await app.service.sendMessage(info.id, {
      role: 'user',
      content: [{ type: 'text', text: 'talk' }],
      run: true,
    });
    await waitForStatus(app, info.id, ['finished']);
    const started = await socket.waitFor((frame) => frame.type === 'item_started');
    const deltas = socket.frames.filter((frame) => frame.type === 'delta');
    expect(deltas.map((frame) => (frame.type === 'delta' ? frame.content : '')).join('')).toBe(
      'streamed words arrive in pieces',
    );
    expect(
      deltas.every(
        (frame) =>
          frame.type === 'delta' && started.type === 'item_started' && frame.item_id === started.item_id,
      ),
    ).toBe(true);
  });

  it('sends heartbeats with the last seq sent', async () => {
    const { app, baseUrl } = await start({ socket: { heartbeatMs: 50 } });
    const info = await seeded(app, 2);
    const socket = open(baseUrl, info.id);
    const heartbeat = await socket.waitFor((frame) => frame.type === 'heartbeat');
    expect(heartbeat).toEqual({ type: 'heartbeat', through_seq: info.last_seq });
  });
});

describe('session socket: client frames', () => {
  it('answers bad frames with error frames and stays open; a message frame appends like POST events', async () => {
    const { app, baseUrl } = await start();
    const info = await seeded(app, 0);
    const socket = open(baseUrl, info.id);
    await socket.waitFor((frame) => frame.type === 'sync');
    for (const bad of [
      'not json',
      '[]',
      { type: 'dance' },
      { type: 'message', content: [] },
      { type: 'message', content: 'x' },
    ]) {
      socket.send(bad);
    }
    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    const errors = async () => socket.frames.filter((frame) => frame.type === 'error');
    await socket.waitFor(() => socket.frames.filter((frame) => frame.type === 'error').length === 6);
    for (const frame of await errors())
      expect(frame).toMatchObject({ code: 'invalid_frame', detail: expect.any(String) });

    socket.send({
      type: 'message',
      content: [{ type: 'text', text: 'over the socket' }],
      client_message_id: 'c-1',
    });
    socket.send({
      type: 'message',
      content: [{ type: 'text', text: 'over the socket' }],
      client_message_id: 'c-1',
    });
    const durable = await socket.waitFor(
      (frame) => frame.type === 'durable' && frame.event.kind === 'MessageEvent',
    );
    expect(
      durable.type === 'durable' &&
        durable.event.kind === 'MessageEvent' &&
        durable.event.llm_message.content,
    ).toEqual([{ type: 'text', text: 'over the socket' }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (await app.store.readEvents(info.id)).filter((event) => event.kind === 'MessageEvent'),
    ).toHaveLength(1);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });
});

describe('session socket: a client that stops reading', () => {
  it('is closed once its buffer passes the bound, and can reconnect with its cursor and miss nothing', async () => {
    const { app, baseUrl } = await start({ socket: { maxBufferedBytes: 256 * 1024 } });
    const info = await seeded(app, 0);
    const slow = open(baseUrl, info.id);
    await slow.waitFor((frame) => frame.type === 'sync');
    await floodPausedReader(app, slow.socket, info.id);
    const { code } = await slow.closed;
    // 4008 when the close frame gets through; 1006 when the server had to cut the connection.
    expect([4008, 1006]).toContain(code);
    const cursor = slow.durableSeqs().at(-1) ?? -1;
    const last = (await app.service.get(info.id)).last_seq;
    expect(cursor).toBeLessThan(last);
    const again = open(baseUrl, info.id, { afterSeq: cursor });
    await again.waitFor((frame) => frame.type === 'durable' && frame.seq === last, 20_000);
    expect([...slow.durableSeqs(), ...again.durableSeqs()]).toEqual(
      Array.from({ length: last + 1 }, (_, index) => index),
    );
  });
});
