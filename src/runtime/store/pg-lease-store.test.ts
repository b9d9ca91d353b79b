import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConversation, testId, userMessage } from '../events/fixtures/event-builders';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { expectStoreError } from './expect-store-error';
import { createPgAppendFeed } from './pg-append-feed';
import { openPgPool } from './open-pg-pool';
import { pgEventStoreOn } from './pg-event-store';
import { createPgLeaseStore } from './pg-lease-store';
import { type PgCluster, startPgCluster } from './testing/start-pg-cluster';

let cluster: PgCluster;
let databases = 0;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
  await cluster?.stop();
});

const quiet: RuntimeLogger = { warn: () => undefined, error: () => undefined };

/** Two runtimes on one fresh database: each its own pool, store (fenced by its lease) and leases. */
async function twoRuntimes(ttlMs = 60_000) {
  const url = await cluster.createDatabase(`leases_${++databases}`);
  const make = async (owner: string) => {
    const pool = await openPgPool(url, { poolSize: 3 });
    pools.push(pool);
    const leases = createPgLeaseStore(pool, { owner, ttlMs });
    leases.setOwnerUrl(`http://127.0.0.1:1800${owner.at(-1)}`);
    return { pool, leases, store: pgEventStoreOn(pool, { leaseOwner: owner }) };
  };
  return { url, a: await make('runtime-1'), b: await make('runtime-2') };
}

/** Ends a runtime's lease time at once, as if its heartbeat had stopped long ago. */
async function expireLeasesOf(pool: pg.Pool, owner: string) {
  await pool.query(
    "UPDATE conversation_leases SET expires_at = now() - interval '1 second' WHERE owner = $1",
    [owner],
  );
}

describe('conversation leases in PostgreSQL', () => {
  it('gives a conversation to one runtime at a time and names the holder to the other', async () => {
    const { a, b } = await twoRuntimes();
    await a.store.createConversation(newConversation(1));
    const id = testId(1);
    expect(await a.leases.claim(id)).toEqual({ kind: 'mine' });
    expect(await b.leases.claim(id)).toEqual({ kind: 'elsewhere', ownerUrl: 'http://127.0.0.1:18001' });
    // Claiming again renews: still the holder's.
    expect(await a.leases.claim(id)).toEqual({ kind: 'mine' });
    expect(await b.leases.claim(testId(99))).toEqual({ kind: 'unknown' });
  });

  it('lets exactly one of many runtimes claiming at once win', async () => {
    const { a, b } = await twoRuntimes();
    await a.store.createConversation(newConversation(2));
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 ? a : b).leases.claim(testId(2))),
    );
    const winners = new Set(claims.flatMap((claim, index) => (claim.kind === 'mine' ? [index % 2] : [])));
    expect(winners.size).toBe(1);
    expect(claims.every((claim) => claim.kind === 'mine' || claim.kind === 'elsewhere')).toBe(true);
  });

  it('hands an expired lease to the next claimant, and the old holder learns it on renewal', async () => {
    const { a, b } = await twoRuntimes();
    await a.store.createConversation(newConversation(3));
    await a.store.createConversation(newConversation(4));
    await a.leases.claim(testId(3));
    await a.leases.claim(testId(4));
    await expireLeasesOf(a.pool, 'runtime-1');
    expect(await b.leases.claim(testId(3))).toEqual({ kind: 'mine' });
    // The old holder renews what is still its own (even expired), and misses what was taken.
    expect((await a.leases.renewAll()).sort()).toEqual([testId(4)]);
    expect(await b.leases.claim(testId(4))).toEqual({
      kind: 'elsewhere',
      ownerUrl: 'http://127.0.0.1:18001',
    });
  });

  it("refuses a runtime's append to a conversation another runtime's live lease covers", async () => {
    const { a, b } = await twoRuntimes();
    await a.store.createConversation(newConversation(5));
    const id = testId(5);
    await a.leases.claim(id);
    await a.store.append(id, userMessage(1, 'from the holder'));
    await expectStoreError(() => b.store.append(id, userMessage(2, 'from the other')), 'not_owner');
    // Expired and not yet taken: the old holder's write still goes (nobody else can have written).
    await expireLeasesOf(a.pool, 'runtime-1');
    await a.store.append(id, userMessage(3, 'late but alone'));
    await b.leases.claim(id);
    await expectStoreError(() => a.store.append(id, userMessage(4, 'after the takeover')), 'not_owner');
    const texts = (await b.store.readEvents(id)).map((event) => event.id);
    expect(texts).toEqual([userMessage(1, '').id, userMessage(3, '').id]);
  });

  it('lists as orphans the runs left by a runtime whose lease ran out, and not live ones', async () => {
    const { a, b } = await twoRuntimes();
    for (const n of [6, 7, 8]) await a.store.createConversation(newConversation(n));
    for (const n of [6, 7]) {
      await a.store.updateConversation(testId(n), { execution_status: 'running' });
      await a.leases.claim(testId(n));
    }
    // 8 is running with no lease at all (written by a runtime without leases).
    await a.store.updateConversation(testId(8), { execution_status: 'running' });
    expect(await b.leases.orphans(10)).toEqual([testId(8)]);
    await a.pool.query(
      "UPDATE conversation_leases SET expires_at = now() - interval '1 second' WHERE conversation_id = $1",
      [testId(6)],
    );
    expect((await b.leases.orphans(10)).sort()).toEqual([testId(6), testId(8)].sort());
  });

  it('expires the leases of the process that served the same URL before, and only those', async () => {
    const { url, a, b } = await twoRuntimes();
    await a.store.createConversation(newConversation(9));
    await a.store.createConversation(newConversation(10));
    await a.leases.claim(testId(9));
    await b.leases.claim(testId(10));
    // runtime-1 restarted: a new owner id at the same URL.
    const pool = await openPgPool(url, { poolSize: 2 });
    pools.push(pool);
    const again = createPgLeaseStore(pool, { owner: 'runtime-1-again', ttlMs: 60_000 });
    again.setOwnerUrl('http://127.0.0.1:18001');
    expect(await again.expirePredecessors()).toBe(1);
    expect(await again.claim(testId(9))).toEqual({ kind: 'mine' });
    expect(await again.claim(testId(10))).toEqual({ kind: 'elsewhere', ownerUrl: 'http://127.0.0.1:18002' });
  });

  it('gives every lease back on a clean shutdown', async () => {
    const { a, b } = await twoRuntimes();
    await a.store.createConversation(newConversation(11));
    await a.leases.claim(testId(11));
    await a.leases.releaseAll();
    expect(await b.leases.claim(testId(11))).toEqual({ kind: 'mine' });
  });

  it('announces each commit to every runtime listening, after the commit', async () => {
    const { url, a } = await twoRuntimes();
    await a.store.createConversation(newConversation(12));
    const id = testId(12);
    await a.leases.claim(id);
    const feed = createPgAppendFeed(url, quiet);
    const reader = await openPgPool(url, { poolSize: 1 });
    pools.push(reader);
    let wake = () => {};
    const nextCall = () => new Promise<void>((resolve) => (wake = resolve));
    const seen: number[] = [];
    let called = nextCall();
    feed.watch(id, () => {
      // What a notice promises: the commit is visible to any connection by now.
      void reader.query('SELECT last_seq FROM conversations WHERE id = $1', [id]).then(({ rows }) => {
        seen.push(rows[0].last_seq);
        wake();
      });
    });
    await called; // listening: the feed calls each watcher once when its connection is up
    called = nextCall();
    await a.store.append(id, userMessage(20, 'one'));
    await called;
    expect(seen).toEqual([-1, 0]);
    await feed.close();
  });
});
