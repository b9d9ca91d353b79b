import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * One dedicated database session holding this runtime's advisory locks (one per conversation it owns).
 * Session-level locks end with the session: when the process dies the kernel closes its socket, the
 * server ends the session at once and every lock is free for another runtime. Never throws: a session
 * that cannot be had takes no lock (the lease's expiry is the fallback), and a lost one is reported.
 */
export interface PgLockSession {
  /** Takes the lock on `key` (a decimal int64) if no other session holds it; true when held now. */
  tryLock(key: string): Promise<boolean>;
  /** Gives back one hold of `key` (locks count: each tryLock that answered true needs one unlock). */
  unlock(key: string): Promise<void>;
  /** Called when the session ends under us: every lock it held is gone. */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

/**
 * How the server finds out that a runtime's machine vanished without closing the connection (power
 * loss, network cut): TCP keepalive probes after 10 s idle, every 5 s, 3 unanswered end the session and
 * free its locks (about 25 s). A runtime that hangs but whose kernel still answers keeps its session
 * and its locks; its leases then run out like any lease, and the takeover does not wait for the lock.
 */
export const LOCK_SESSION_SETTINGS =
  '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3';

/** The advisory lock key of a conversation: the first 64 bits of sha256 of its id, signed, in decimal. */
export function conversationLockKey(conversationId: string): string {
  return createHash('sha256')
    .update(`conversation-lease\n${conversationId}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

export function createPgLockSession(url: string): PgLockSession {
  let current: Promise<pg.Client> | undefined;
  let closed = false;
  const listeners: Array<() => void> = [];

  function lost(client: pg.Client): void {
    void current?.then((active) => {
      if (active !== client) return;
      current = undefined;
      for (const listener of listeners) listener();
    });
  }

  function session(): Promise<pg.Client> {
    if (current) return current;
    const client = new pg.Client({ connectionString: url, keepAlive: true, options: LOCK_SESSION_SETTINGS });
    // A dropped session must not crash the process; its locks are gone, which `lost` reports.
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    const connecting = client.connect().then(() => client);
    current = connecting;
    connecting.catch(() => {
      if (current === connecting) current = undefined;
    });
    return connecting;
  }

  return {
    async tryLock(key) {
      if (closed) return false;
      try {
        const client = await session();
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1::bigint) AS locked',
          [key],
        );
        return rows[0]?.locked === true;
      } catch {
        // No session, no lock: the caller falls back to the lease's expiry.
        return false;
      }
    },
    async unlock(key) {
      const client = await current?.catch(() => undefined);
      // Without a session there is nothing to give back: its locks ended with it.
      await client?.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
    },
    onLost(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      const client = await current?.catch(() => undefined);
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
