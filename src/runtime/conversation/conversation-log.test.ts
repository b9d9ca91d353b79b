import { describe, expect, it } from 'vitest';
import type { LiveFrame } from '../agent/live-frame';
import { agentMessage, newConversation, testId, userMessage } from '../events/fixtures/event-builders';
import type { EventStore } from '../store/event-store';
import { StoreError } from '../store/event-store';
import { createInMemoryEventStore } from '../store/in-memory-event-store';
import { openConversationLog } from './conversation-log';

const C = testId(1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The in-memory store with appends that answer after `delays[n]` ms (the n-th append), or refuse. */
function slowStore(delays: (number | 'refuse')[]): EventStore {
  const store = createInMemoryEventStore();
  let calls = 0;
  return {
    ...store,
    async append(conversationId, event) {
      const delay = delays[calls++] ?? 0;
      if (delay === 'refuse') throw new StoreError('io', 'disk full');
      // The store takes its place in the log at once and answers later, like a slow commit.
      const stored = store.append(conversationId, event);
      await sleep(delay);
      return stored;
    },
  };
}

async function open(store: EventStore) {
  await store.createConversation(newConversation(1000));
  const logged: string[] = [];
  const log = await openConversationLog(store, C, {
    newId: () => crypto.randomUUID(),
    now: () => '2025-06-01T00:00:00.000Z',
    logger: { warn: () => undefined, error: (message) => logged.push(message) },
  });
  const frames: LiveFrame[] = [];
  log.subscribe((frame) => frames.push(frame));
  const durableSeqs = () => frames.flatMap((frame) => (frame.type === 'durable' ? [frame.seq] : []));
  return { log, logged, durableSeqs };
}

describe('conversation log over an asynchronous store', () => {
  it('publishes in seq order even when an earlier commit answers later than a later one', async () => {
    const { log, durableSeqs } = await open(slowStore([40, 0, 0]));
    const written = [userMessage(1, 'one'), agentMessage(2, 'two'), userMessage(3, 'three')].map((event) =>
      log.append(event),
    );
    expect((await Promise.all(written)).map((event) => event.seq)).toEqual([0, 1, 2]);
    expect(durableSeqs()).toEqual([0, 1, 2]);
  });

  it('shows a write in branch, view and row at once, and publishes it once committed', async () => {
    const { log, durableSeqs } = await open(slowStore([30]));
    const written = log.append(userMessage(1, 'hello'));
    expect(log.branch().map((event) => event.id)).toEqual([testId(1)]);
    expect(log.view().items).toHaveLength(1);
    expect(log.lastSeq()).toBe(0);
    expect(log.publishedSeq()).toBe(-1);
    expect(durableSeqs()).toEqual([]);
    await written;
    expect(log.publishedSeq()).toBe(0);
    expect(durableSeqs()).toEqual([0]);
  });

  it('reports a write the store refuses and reads branch and row back from the store', async () => {
    const store = slowStore([0, 'refuse', 0]);
    const { log, logged } = await open(store);
    await log.append(userMessage(1, 'kept'));
    const refused = log.append(agentMessage(2, 'lost'));
    expect(log.lastSeq()).toBe(1);
    await expect(refused).rejects.toMatchObject({ code: 'io' });
    await log.settled();
    expect(logged).toContain('conversation write failed');
    expect(log.branch().map((event) => event.id)).toEqual([testId(1)]);
    expect(log.lastSeq()).toBe(0);
    // The next write follows what the store holds.
    expect((await log.append(agentMessage(3, 'after'))).seq).toBe(1);
    expect(log.branch().map((event) => event.id)).toEqual([testId(1), testId(3)]);
  });

  it('a state change left unawaited that the store refuses is reported, never an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { log, logged } = await open(slowStore(['refuse']));
      // As the loop records usage: fire and forget.
      void log.setState('pinned', true, { pinned: true });
      await log.settled();
      await sleep(20);
      expect(logged).toContain('conversation write failed');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
