import type pg from 'pg';
import { StoreError } from './event-store';
import type { LeaseClaim, LeaseStore } from './lease-store';
import { mapPgError } from './map-pg-error';
import { conversationLockKey, type PgLockSession } from './pg-lock-session';

interface ClaimRow {
  claimed: string | null;
  holder_url: string | null;
  known: boolean;
}

/**
 * A lease is live while it has not expired and, when its owner took it with an advisory lock, some
 * session still holds that lock (pg_locks shows a bigint key as classid = high 32 bits, objid = low
 * 32 bits, objsubid 1). Another conversation's lock under the same key keeps a dead owner's lease
 * looking live: a hash collision only makes the takeover wait for the expiry, never take a live lease.
 */
const LIVE_LEASE = (lease: string) => `${lease}.expires_at > now() AND (${lease}.lock_key IS NULL OR EXISTS (
    SELECT 1 FROM pg_locks k WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 1
      AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND k.classid::bigint = (${lease}.lock_key >> 32) & 4294967295
      AND k.objid::bigint = ${lease}.lock_key & 4294967295))`;

export interface PgLeaseStoreOptions {
  owner: string;
  ttlMs: number;
  /**
   * The session holding this owner's advisory locks. With it, a lease taken under the lock is free the
   * moment the owner's session ends (the process died), not when it expires. Without it, expiry only.
   */
  locks?: PgLockSession;
  /** The lock key of a conversation (default conversationLockKey); tests force collisions with it. */
  lockKey?(conversationId: string): string;
}

/**
 * The lease table of PostgreSQL migrations 3 and 4. Times are the database server's (`now()`), so
 * runtimes on machines with skewed clocks still agree on which lease has expired. Every lease records
 * its owner, so the advisory lock only says whether that owner is still there.
 */
export function createPgLeaseStore(pool: pg.Pool, options: PgLeaseStoreOptions): LeaseStore {
  const lockKey = options.lockKey ?? conversationLockKey;
  const locks = options.locks;
  /** The lock key held for each conversation this owner took under its lock. */
  const locked = new Map<string, string>();
  locks?.onLost(() => locked.clear());
  let ownerUrl = '';
  const ttl = `make_interval(secs => ${Math.max(1, options.ttlMs) / 1000})`;
  const query = async <R extends pg.QueryResultRow>(sql: string, values: unknown[]) => {
    try {
      return await pool.query<R>(sql, values);
    } catch (error) {
      throw mapPgError(error);
    }
  };

  /** Holds the conversation's lock on this owner's session, if it can; the key when it does. */
  async function lockFor(conversationId: string): Promise<string | null> {
    const held = locked.get(conversationId);
    if (held !== undefined || !locks) return held ?? null;
    const key = lockKey(conversationId);
    return (await locks.tryLock(key)) ? key : null;
  }

  /**
   * One attempt. Null when a concurrent first claim of the same conversation hid the holder. The lease
   * is taken when it is free, expired, this owner's, or when its owner held the lock this owner has
   * just taken: that owner's session has ended, so the owner is gone.
   */
  async function claimOnce(conversationId: string): Promise<LeaseClaim | null> {
    const key = await lockFor(conversationId);
    let rows: ClaimRow[];
    try {
      ({ rows } = await query<ClaimRow>(
        `WITH claimed AS (
           INSERT INTO conversation_leases (conversation_id, owner, owner_url, expires_at, lock_key)
           SELECT $1, $2, $3, now() + ${ttl}, $4::bigint
           WHERE EXISTS (SELECT 1 FROM conversations WHERE id = $1)
           ON CONFLICT (conversation_id) DO UPDATE
             SET owner = EXCLUDED.owner, owner_url = EXCLUDED.owner_url, expires_at = EXCLUDED.expires_at,
               lock_key = EXCLUDED.lock_key
             WHERE conversation_leases.owner = EXCLUDED.owner OR conversation_leases.expires_at <= now()
               OR conversation_leases.lock_key = EXCLUDED.lock_key
           RETURNING owner
         )
         SELECT (SELECT owner FROM claimed) AS claimed,
           (SELECT owner_url FROM conversation_leases WHERE conversation_id = $1) AS holder_url,
           EXISTS (SELECT 1 FROM conversations WHERE id = $1) AS known`,
        [conversationId, options.owner, ownerUrl, key],
      ));
    } catch (error) {
      await keepLock(conversationId, key, false);
      throw error;
    }
    const row = rows[0];
    await keepLock(conversationId, key, row?.known === true && row.claimed !== null);
    if (!row?.known) return { kind: 'unknown' };
    if (row.claimed !== null) return { kind: 'mine' };
    return row.holder_url === null ? null : { kind: 'elsewhere', ownerUrl: row.holder_url };
  }

  /** Remembers a lock that backs a lease now; gives back one that does not (taken for nothing). */
  async function keepLock(conversationId: string, key: string | null, mine: boolean): Promise<void> {
    if (key === null) return;
    if (mine) {
      locked.set(conversationId, key);
      return;
    }
    if (locked.get(conversationId) === key) locked.delete(conversationId);
    await locks?.unlock(key);
  }

  /**
   * Backs a lease of ours with its lock again where it lacks one: a session that ended under us (a
   * database restart) took our locks with it, and a lease taken from a hung owner that still held the
   * lock had none. Without it our lease would look dead to others, or outlive us by its expiry.
   */
  async function relock(conversationId: string, recorded: string | null): Promise<void> {
    if (!locks || locked.has(conversationId)) return;
    const key = recorded ?? lockKey(conversationId);
    if (!(await locks.tryLock(key))) return;
    if (recorded === null) {
      const { rowCount } = await query(
        'UPDATE conversation_leases SET lock_key = $3::bigint WHERE conversation_id = $1 AND owner = $2',
        [conversationId, options.owner, key],
      ).catch(() => ({ rowCount: 0 }));
      if (!rowCount) return void (await locks.unlock(key));
    }
    locked.set(conversationId, key);
  }

  return {
    owner: options.owner,
    setOwnerUrl(url) {
      ownerUrl = url;
    },
    async claim(conversationId) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        try {
          const claim = await claimOnce(conversationId);
          if (claim) return claim;
        } catch (error) {
          // Deleted between the check and the insert.
          if (error instanceof StoreError && error.code === 'unknown_conversation')
            return { kind: 'unknown' };
          throw error;
        }
      }
      return { kind: 'elsewhere', ownerUrl: '' };
    },
    async renewAll() {
      const { rows } = await query<{ conversation_id: string; lock_key: string | null }>(
        `UPDATE conversation_leases SET expires_at = now() + ${ttl} WHERE owner = $1
         RETURNING conversation_id, lock_key`,
        [options.owner],
      );
      for (const row of rows) await relock(row.conversation_id, row.lock_key);
      return rows.map((row) => row.conversation_id);
    },
    async orphans(limit) {
      const { rows } = await query<{ id: string }>(
        `SELECT c.id FROM conversations c
           LEFT JOIN conversation_leases l ON l.conversation_id = c.id AND ${LIVE_LEASE('l')}
         WHERE c.execution_status IN ('running', 'waiting_for_confirmation') AND l.conversation_id IS NULL
         ORDER BY c.updated_ms LIMIT $1`,
        [limit],
      );
      return rows.map((row) => row.id);
    },
    async expirePredecessors() {
      if (ownerUrl === '') return 0;
      const { rowCount } = await query(
        'UPDATE conversation_leases SET expires_at = now() WHERE owner_url = $1 AND owner <> $2 AND expires_at > now()',
        [ownerUrl, options.owner],
      );
      return rowCount ?? 0;
    },
    async releaseAll() {
      await query('DELETE FROM conversation_leases WHERE owner = $1', [options.owner]);
      locked.clear();
      await locks?.close();
    },
    async forget(conversationId) {
      const key = locked.get(conversationId);
      if (key === undefined) return;
      locked.delete(conversationId);
      await locks?.unlock(key);
    },
  };
}
