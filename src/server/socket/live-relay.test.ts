import { describe, expect, it } from 'vitest';
import type { LiveFrame } from '../../runtime/agent/live-frame';
import type { ConversationInfo, Event } from '../../runtime/events';
import type { SeqRange } from '../../runtime/store/event-store';
import { createLiveRelay, type RelayPort } from './live-relay';
import type { ServerFrame } from './socket-frames';

function event(seq: number): Event {
  return {
    kind: 'PauseEvent',
    id: `00000000-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`,
    seq,
    timestamp: '2026-01-01T00:00:00.000Z',
    source: 'user',
  };
}
const durable = (seq: number): LiveFrame => ({ type: 'durable', seq, event: event(seq) });
const state = { id: 'c' } as unknown as ConversationInfo;

/** A port over an in-memory log; `onRead` runs after each page read (to append "during" the replay). */
function port(log: Event[], options: { onRead?: () => void; backlog?: () => number } = {}) {
  const sent: ServerFrame[] = [];
  let flushes = 0;
  let overflowed = false;
  const relayPort: RelayPort = {
    send: (frame) => sent.push(frame),
    isOpen: () => !overflowed,
    backlog: options.backlog ?? (() => 0),
    flush: async () => {
      flushes += 1;
    },
    readEvents: async (range: SeqRange) => {
      const page = log
        .filter(
          (entry) =>
            entry.seq > (range.afterSeq ?? -1) && entry.seq < (range.beforeSeq ?? Number.POSITIVE_INFINITY),
        )
        .slice(0, range.limit);
      options.onRead?.();
      return page;
    },
    overflow: () => {
      overflowed = true;
    },
  };
  return { relayPort, sent, flushes: () => flushes, overflowed: () => overflowed };
}

const seqs = (frames: ServerFrame[]) =>
  frames.flatMap((frame) => (frame.type === 'durable' ? [frame.seq] : []));
const options = { pageSize: 2, maxHeldFrames: 100, replayHighWaterBytes: 1000 };

describe('createLiveRelay', () => {
  it('sends sync, then the log after N in pages, then live frames', async () => {
    const log = [0, 1, 2, 3, 4].map(event);
    const { relayPort, sent } = port(log);
    const relay = createLiveRelay(relayPort, options);
    await relay.replay(1, 4, state);
    relay.onFrame(durable(5));
    expect(sent[0]).toEqual({ type: 'sync', from_seq: 2, through_seq: 4, state });
    expect(seqs(sent)).toEqual([2, 3, 4, 5]);
  });

  it('holds frames that arrive during the replay and drops the ones the replay already sent', async () => {
    const log = [0, 1, 2, 3].map(event);
    let appended = 3;
    const relayHolder: { relay?: ReturnType<typeof createLiveRelay> } = {};
    const { relayPort, sent } = port(log, {
      // Each page read, the agent commits one more event and streams a delta.
      onRead: () => {
        appended += 1;
        log.push(event(appended));
        relayHolder.relay?.onFrame({ type: 'delta', item_id: 'r', kind: 'text', content: String(appended) });
        relayHolder.relay?.onFrame(durable(appended));
      },
    });
    const relay = createLiveRelay(relayPort, options);
    relayHolder.relay = relay;
    relay.onFrame(durable(3)); // Arrives before the replay starts and is also in the replayed range.
    await relay.replay(-1, 3, state);
    // Two pages were read (4 and 5 were committed meanwhile): each event once, in order.
    expect(seqs(sent)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(relay.lastSentSeq()).toBe(5);
    expect(sent.filter((frame) => frame.type === 'delta')).toHaveLength(2);
  });

  it('waits for the socket to drain when the backlog passes the mark', async () => {
    const { relayPort, flushes } = port([0, 1, 2].map(event), { backlog: () => 5000 });
    await createLiveRelay(relayPort, options).replay(-1, 2, state);
    expect(flushes()).toBe(3);
  });

  it('gives up the socket when too many frames pile up during the replay', async () => {
    const { relayPort, overflowed } = port([]);
    const relay = createLiveRelay(relayPort, { ...options, maxHeldFrames: 3 });
    for (let seq = 0; seq < 4; seq++) relay.onFrame(durable(seq));
    expect(overflowed()).toBe(true);
  });

  it('clamps a cursor beyond the log to the last committed seq', async () => {
    const { relayPort, sent } = port([0, 1].map(event));
    const relay = createLiveRelay(relayPort, options);
    await relay.replay(10, 1, state);
    relay.onFrame(durable(2));
    expect(sent[0]).toMatchObject({ type: 'sync', from_seq: 2, through_seq: 1 });
    expect(seqs(sent)).toEqual([2]);
  });
});
