import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConversation, testId } from '../events/fixtures/event-builders';
import { openPgPool } from './open-pg-pool';
import { pgEventStoreOn } from './pg-event-store';
import { createPgLeaseStore } from './pg-lease-store';
import { createPgLockSession, type PgLockSession } from './pg-lock-session';
import { type PgCluster, startPgCluster } from './testing/start-pg-cluster';

let cluster: PgCluster;
let databases = 0;
const pools: pg.Pool[] = [];
const sessions: PgLockSession[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
  cluster?.stop();
});

/**
 * Runtimes on one fresh database, each with its own pool and lock session, leases of a minute: any
 * takeover within a test comes from a lock that ended, never from an expiry.
 */
async function runtimes(names: readonly string[], lockKey?: (id: string) => string) {
  const url = await cluster.createDatabase(`lease_locks_${++databases}`);
  const make = async (owner: string, index: number) => {
    const pool = await openPgPool(url, { poolSize: 2 });
    pools.push(pool);
    const locks = createPgLockSession(url);
    sessions.push(locks);
    const leases = createPgLeaseStore(pool, { owner, ttlMs: 60_000, locks, ...(lockKey ? { lockKey } : {}) });
    leases.setOwnerUrl(`http://127.0.0.1:1800${index + 1}`);
    return { pool, locks, leases, store: pgEventStoreOn(pool, { leaseOwner: owner }) };
  };
  return Promise.all(names.map(make));
}

/** How many advisory locks are held on this database now, seen from another session. */
async function heldLocks(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    `SELECT count(*) AS count FROM pg_locks WHERE locktype = 'advisory' AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return Number(rows[0]?.count);
}

describe('leases backed by advisory locks', () => {
  it('hands a dead owner’s conversation to the next claimant at once, long before its lease expires', async () => {
    const [a, b] = await runtimes(['runtime-1', 'runtime-2']);
    if (!a || !b) throw new Error('two runtimes expected');
    await a.store.createConversation(newConversation(1));
    expect(await a.leases.claim(testId(1))).toEqual({ kind: 'mine' });
    // Alive: its lock keeps the conversation its own.
    expect(await b.leases.claim(testId(1))).toEqual({
      kind: 'elsewhere',
      ownerUrl: 'http://127.0.0.1:18001',
    });
    expect(await heldLocks(b.pool)).toBe(1);
    // The process dies: its session ends, and with it the lock. The lease row still says a minute.
    await a.locks.close();
    expect(await b.leases.claim(testId(1))).toEqual({ kind: 'mine' });
    // The dead owner, were it only cut off, can no longer write: the row is the new owner's.
    const { rows } = await b.pool.query(
      'SELECT owner, lock_key IS NOT NULL AS locked FROM conversation_leases',
    );
    expect(rows).toEqual([{ owner: 'runtime-2', locked: true }]);
    expect((await a.leases.renewAll()).includes(testId(1))).toBe(false);
  });

  it('lists a dead owner’s mid-run conversation as an orphan at once, and not a live owner’s', async () => {
    const [a, b, c] = await runtimes(['runtime-1', 'runtime-2', 'runtime-3']);
    if (!a || !b || !c) throw new Error('three runtimes expected');
    for (const n of [2, 3]) {
      await a.store.createConversation(newConversation(n));
      await a.store.updateConversation(testId(n), { execution_status: 'running' });
    }
    await a.leases.claim(testId(2));
    await b.leases.claim(testId(3));
    expect(await c.leases.orphans(10)).toEqual([]);
    await a.locks.close();
    expect(await c.leases.orphans(10)).toEqual([testId(2)]);
  });

  it('still gives a hung owner’s conversation away when its lease expires, though it holds the lock', async () => {
    const [a, b] = await runtimes(['runtime-1', 'runtime-2']);
    if (!a || !b) throw new Error('two runtimes expected');
    await a.store.createConversation(newConversation(4));
    await a.leases.claim(testId(4));
    // Its heartbeat stopped (the process hangs, its session and lock stay).
    await a.pool.query("UPDATE conversation_leases SET expires_at = now() - interval '1 second'");
    expect(await b.leases.claim(testId(4))).toEqual({ kind: 'mine' });
    // Taken without the lock (the hung one holds it), so only the expiry can free it again.
    expect((await b.pool.query('SELECT lock_key FROM conversation_leases')).rows).toEqual([
      { lock_key: null },
    ]);
    // When the hung one wakes and learns it lost the conversation, it lets the lock go.
    await a.leases.forget(testId(4));
    expect(await heldLocks(b.pool)).toBe(0);
    // The new owner's next heartbeat backs its lease with the lock: its own death now frees it at once.
    await b.leases.renewAll();
    expect(await heldLocks(b.pool)).toBe(1);
    await b.locks.close();
    expect(await a.leases.claim(testId(4))).toEqual({ kind: 'mine' });
  });

  it('never takes a live lease through a lock key another conversation shares (a hash collision)', async () => {
    const [a, b, c] = await runtimes(['runtime-1', 'runtime-2', 'runtime-3'], () => '42');
    if (!a || !b || !c) throw new Error('three runtimes expected');
    for (const n of [5, 6]) await a.store.createConversation(newConversation(n));
    expect(await a.leases.claim(testId(5))).toEqual({ kind: 'mine' });
    // The key is taken by the other conversation: b's lease of 6 is held by expiry alone.
    expect(await b.leases.claim(testId(6))).toEqual({ kind: 'mine' });
    // a holds key 42 already, yet b is alive and its lease live: a must not take 6.
    expect(await a.leases.claim(testId(6))).toEqual({
      kind: 'elsewhere',
      ownerUrl: 'http://127.0.0.1:18002',
    });
    // ...and that attempt did not give back the hold that backs a's own conversation.
    expect(await c.leases.claim(testId(5))).toEqual({
      kind: 'elsewhere',
      ownerUrl: 'http://127.0.0.1:18001',
    });
    // A dead owner behind a shared key looks alive while the key is held: the expiry decides.
    await b.locks.close();
    expect(await c.leases.claim(testId(6))).toEqual({
      kind: 'elsewhere',
      ownerUrl: 'http://127.0.0.1:18002',
    });
  });

  it('takes its locks again after its session ended under it, before others read it as dead', async () => {
    const [a, b] = await runtimes(['runtime-1', 'runtime-2']);
    if (!a || !b) throw new Error('two runtimes expected');
    await a.store.createConversation(newConversation(7));
    await a.leases.claim(testId(7));
    // The server ends a's lock session (a database restart, an administrator), a lives on.
    const noticed = new Promise<void>((resolve) => a.locks.onLost(resolve));
    await b.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await noticed;
    expect(await heldLocks(b.pool)).toBe(0);
    // Its next heartbeat takes the lock again.
    await a.leases.renewAll();
    expect(await heldLocks(b.pool)).toBe(1);
    expect(await b.leases.claim(testId(7))).toEqual({
      kind: 'elsewhere',
      ownerUrl: 'http://127.0.0.1:18001',
    });
  });
});
