import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  createConversationLeases,
  DEFAULT_LEASE_TTL_MS,
} from '../../runtime/conversation/conversation-leases';
import { createStderrLogger } from '../../runtime/logging/runtime-logger';
import type { CorruptRow } from '../../runtime/store/event-store';
import { createPgAppendFeed } from '../../runtime/store/pg-append-feed';
import { openPgPool } from '../../runtime/store/open-pg-pool';
import { pgEventStoreOn } from '../../runtime/store/pg-event-store';
import { createPgLeaseStore } from '../../runtime/store/pg-lease-store';
import { createPgLockSession } from '../../runtime/store/pg-lock-session';

/**
 * A PostgreSQL database that several runtimes may share: the store (refusing appends to a
 * conversation another runtime's live lease covers), this runtime's leases (each backed by an advisory
 * lock on a session of its own, so they are free the moment this process dies), and the feed of
 * everyone's commits. Loaded only when there is a database URL: `pg` (and Node's fetch, which its runtime
 * detection loads) cost about a twentieth of the runtime's start-up CPU and 3 MiB of its memory, for a
 * store most runs do not use (scripts/runtime-start-packages.test.ts keeps it out).
 */
export async function openSharedDatabase(
  url: string,
  onCorruptRow: (info: CorruptRow) => void,
  options: { owner?: string; ttlMs?: number; ownerUrl?: string },
) {
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  const pool = await openPgPool(url);
  const store = pgEventStoreOn(pool, { onCorruptRow, leaseOwner: owner });
  // Its own session, apart from the pool: the locks must live exactly as long as this process.
  const leaseStore = createPgLeaseStore(pool, { owner, ttlMs, locks: createPgLockSession(url) });
  if (options.ownerUrl) leaseStore.setOwnerUrl(options.ownerUrl);
  const logger = createStderrLogger();
  return {
    store,
    leases: createConversationLeases(leaseStore, { ttlMs, logger }),
    appendFeed: createPgAppendFeed(url, logger),
  };
}
