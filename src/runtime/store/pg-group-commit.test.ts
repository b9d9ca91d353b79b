import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConversation, testId, userMessage } from '../events/fixtures/event-builders';
import type { EventStore } from './event-store';
import { expectStoreError } from './expect-store-error';
import { openPgEventStore } from './pg-event-store';
import { type PgCluster, startPgCluster } from './testing/start-pg-cluster';

let cluster: PgCluster;
let databases = 0;
const closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  for (const close of closers.splice(0)) await close().catch(() => undefined);
  cluster?.stop();
});

/** A store on a fresh database with `count` conversations (ids 1…count), and a connection of its own. */
async function storeWith(count: number): Promise<{ store: EventStore; reader: pg.Client }> {
  const url = await cluster.createDatabase(`group_commit_${++databases}`);
  const store = await openPgEventStore(url);
  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  closers.push(
    () => store.close(),
    () => reader.end(),
  );
  for (let n = 1; n <= count; n += 1) await store.createConversation(newConversation(n));
  return { store, reader };
}

/** How many transactions wrote the events table's rows (rows of one transaction share its xmin). */
async function writingTransactions(reader: pg.Client): Promise<number> {
  const { rows } = await reader.query<{ count: string }>(
    'SELECT count(DISTINCT xmin::text) AS count FROM events',
  );
  return Number(rows[0]?.count);
}

/** Throws what a settled promise was rejected with. */
const rethrow = (outcome: PromiseSettledResult<unknown> | undefined) => () => {
  if (outcome?.status === 'rejected') throw outcome.reason;
};

describe('group commit in the PostgreSQL store', () => {
  it('writes appends to sixteen conversations made at once in at most two transactions', async () => {
    const { store, reader } = await storeWith(16);
    const appended = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        store.append(testId(index + 1), userMessage(1000 + index, `hello ${index}`)),
      ),
    );
    expect(appended.map((event) => event.seq)).toEqual(Array.from({ length: 16 }, () => 0));
    // The first append commits alone; the fifteen made while it was in flight share the next commit.
    expect(await writingTransactions(reader)).toBeLessThanOrEqual(2);
  });

  it('keeps one conversation gap-free and in call order when many appends to it queue together', async () => {
    const { store } = await storeWith(1);
    const appended = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        store.append(testId(1), userMessage(2000 + index, `m ${index}`)),
      ),
    );
    expect(appended.map((event) => event.seq)).toEqual(appended.map((_, index) => index));
    const stored = await store.readEvents(testId(1));
    expect(stored.map((event) => event.id)).toEqual(appended.map((event) => event.id));
    // Each event's parent is the one appended before it: the batch moved the leaf as it went.
    expect(stored.slice(1).map((event) => event.parent_id)).toEqual(
      stored.slice(0, -1).map((event) => event.id),
    );
  });

  it('fails only the bad appends of a batch: a duplicate id, an unknown parent, an unknown conversation', async () => {
    const { store } = await storeWith(4);
    await store.append(testId(3), userMessage(3000, 'already there'));
    const outcomes = await Promise.allSettled([
      store.append(testId(1), userMessage(3001, 'first is alone in its commit')),
      store.append(testId(1), userMessage(3002, 'good one')),
      store.append(testId(2), userMessage(3000, 'an id conversation 3 holds is fine here')),
      store.append(testId(3), userMessage(3000, 'a duplicate id in its own conversation')),
      store.append(testId(4), userMessage(3004, 'names a parent nobody wrote', { parent_id: testId(9999) })),
      store.append(testId(77), userMessage(3005, 'no such conversation')),
      store.append(testId(4), userMessage(3006, 'good after the bad one')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    await expectStoreError(rethrow(outcomes[3]), 'duplicate_event_id');
    await expectStoreError(rethrow(outcomes[4]), 'unknown_parent');
    await expectStoreError(rethrow(outcomes[5]), 'unknown_conversation');
    expect((await store.readEvents(testId(1))).map((event) => event.seq)).toEqual([0, 1]);
    expect((await store.readEvents(testId(2))).map((event) => event.id)).toEqual([testId(3000)]);
    expect((await store.readEvents(testId(3))).map((event) => event.seq)).toEqual([0]);
    expect((await store.readEvents(testId(4))).map((event) => event.id)).toEqual([testId(3006)]);
    expect((await store.getConversation(testId(4)))?.last_seq).toBe(0);
  });

  it('acknowledges an append only when another connection can already read it (committed)', async () => {
    const { store, reader } = await storeWith(8);
    const seen = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const event = await store.append(testId(index + 1), userMessage(4000 + index, `durable ${index}`));
        const { rowCount } = await reader.query(
          'SELECT 1 FROM events WHERE conversation_id = $1 AND id = $2',
          [testId(index + 1), event.id],
        );
        return rowCount;
      }),
    );
    expect(seen).toEqual(Array.from({ length: 8 }, () => 1));
  });
});
