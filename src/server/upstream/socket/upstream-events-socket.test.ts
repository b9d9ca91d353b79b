import { describe, expect, it } from 'vitest';
import type { Event } from '../../../runtime/events';
import type { LLMScript } from '../../../runtime/llm/llm-script';
import { allEvents, createConversation, userMessage, waitForStatus } from '../../testing/api-helpers';
import {
  hasSeq,
  isFullState,
  seeded,
  settle,
  type UpstreamSocket,
  upstreamEventsSocketPerTest,
} from '../../testing/upstream-events-socket-per-test';

const { start, open } = upstreamEventsSocketPerTest();

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
