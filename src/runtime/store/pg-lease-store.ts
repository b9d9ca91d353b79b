import type pg from 'pg';
import { StoreError } from './event-store';
import type { LeaseClaim, LeaseStore } from './lease-store';
import { mapPgError } from './map-pg-error';

interface ClaimRow {
  claimed: string | null;
  holder_url: string | null;
  known: boolean;
}

/**
 * The lease table of PostgreSQL migration 3. Times are the database server's (`now()`), so runtimes on
 * machines with skewed clocks still agree on which lease has expired.
 */
export function createPgLeaseStore(pool: pg.Pool, options: { owner: string; ttlMs: number }): LeaseStore {
  let ownerUrl = '';
  const ttl = `make_interval(secs => ${Math.max(1, options.ttlMs) / 1000})`;
  const query = async <R extends pg.QueryResultRow>(sql: string, values: unknown[]) => {
    try {
      return await pool.query<R>(sql, values);
    } catch (error) {
      throw mapPgError(error);
    }
  };

  /** One attempt. Null when a concurrent first claim of the same conversation hid the holder. */
  async function claimOnce(conversationId: string): Promise<LeaseClaim | null> {
    const { rows } = await query<ClaimRow>(
      `WITH claimed AS (
         INSERT INTO conversation_leases (conversation_id, owner, owner_url, expires_at)
         SELECT $1, $2, $3, now() + ${ttl}
         WHERE EXISTS (SELECT 1 FROM conversations WHERE id = $1)
         ON CONFLICT (conversation_id) DO UPDATE
           SET owner = EXCLUDED.owner, owner_url = EXCLUDED.owner_url, expires_at = EXCLUDED.expires_at
           WHERE conversation_leases.owner = EXCLUDED.owner OR conversation_leases.expires_at <= now()
         RETURNING owner
       )
       SELECT (SELECT owner FROM claimed) AS claimed,
         (SELECT owner_url FROM conversation_leases WHERE conversation_id = $1) AS holder_url,
         EXISTS (SELECT 1 FROM conversations WHERE id = $1) AS known`,
      [conversationId, options.owner, ownerUrl],
    );
    const row = rows[0];
    if (!row?.known) return { kind: 'unknown' };
    if (row.claimed !== null) return { kind: 'mine' };
    return row.holder_url === null ? null : { kind: 'elsewhere', ownerUrl: row.holder_url };
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
      const { rows } = await query<{ conversation_id: string }>(
        `UPDATE conversation_leases SET expires_at = now() + ${ttl} WHERE owner = $1 RETURNING conversation_id`,
        [options.owner],
      );
      return rows.map((row) => row.conversation_id);
    },
    async orphans(limit) {
      const { rows } = await query<{ id: string }>(
        `SELECT c.id FROM conversations c
           LEFT JOIN conversation_leases l ON l.conversation_id = c.id AND l.expires_at > now()
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
    },
  };
}
