import type pg from 'pg';
import type { NewEvent } from '../events';
import {
  type ConversationRecord,
  type CorruptRow,
  type EventStore,
  type NewConversationRecord,
  StoreError,
} from './event-store';
import { openPgPool } from './open-pg-pool';
import { createPgConversationList } from './pg-conversation-list';
import { createPgGroupCommit } from './pg-group-commit';
import { type ConversationRow, conversationRecord } from './sqlite-conversation-row';
import { createEventRowReader } from './sqlite-event-row';
import { inTransaction } from './pg-transaction';
import { createPgEventReads } from './pg-event-reads';
import {
  conversationRow as row,
  eventExists,
  forkConversation,
  runMapped as run,
  writeConversation,
} from './pg-store-queries';

export interface PgEventStoreOptions {
  /** Called once per corrupt or unknown-kind row met while reading; the row is skipped. */
  onCorruptRow?(info: CorruptRow): void;
  /** Stamps `updated_at`; default real time. */
  clock?: () => Date;
  /** Connections kept open at most (default 10). */
  poolSize?: number;
  /** How many of the newest matching messages a search ranks at first (default PG_RANK_WINDOW). */
  searchRankWindow?: number;
  /**
   * This runtime's lease owner id (conversation-leases.ts). When set, an append to a conversation whose
   * live lease another runtime holds is refused with `not_owner`, in the same transaction that locks the
   * conversation: a runtime that lost its lease can never interleave events with the new owner.
   */
  leaseOwner?: string;
}

export { APPEND_CHANNEL } from './pg-group-commit';

/**
 * Opens the PostgreSQL store at `url` (postgres://…): a connection pool, the schema migrated first.
 * Throws StoreError `newer_schema`, or `io` when the server cannot be reached.
 */
export async function openPgEventStore(url: string, options: PgEventStoreOptions = {}): Promise<EventStore> {
  return pgEventStoreOn(await openPgPool(url, options), options);
}

/**
 * The EventStore on PostgreSQL. Every write is committed before its promise settles. Appends go through
 * group commit (pg-group-commit.ts): those arriving together share one transaction, which locks each
 * conversation's row (SELECT … FOR UPDATE) before it reads last_seq, so writers in other connections or
 * processes queue behind it and seq has no gaps and no duplicates.
 */
export function pgEventStoreOn(pool: pg.Pool, options: PgEventStoreOptions = {}): EventStore {
  const clock = options.clock ?? (() => new Date());
  const readRows = createEventRowReader(options.onCorruptRow ?? (() => undefined));
  const conversationList = createPgConversationList(pool, options.searchRankWindow);
  const groupCommit = createPgGroupCommit(pool, {
    ...(options.leaseOwner === undefined ? {} : { leaseOwner: options.leaseOwner }),
    stamp,
  });
  const appendMany = (conversationId: string, events: readonly NewEvent[]) =>
    groupCommit.append(conversationId, events);

  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return run(() => inTransaction(pool, work));
  }

  function stamp(): { updated_at: string; updated_ms: number } {
    const now = clock();
    return { updated_at: now.toISOString(), updated_ms: now.getTime() };
  }

  return {
    createConversation(input: NewConversationRecord) {
      const record: ConversationRecord = {
        ...structuredClone(input),
        updated_at: input.updated_at ?? input.created_at,
        leaf_event_id: null,
        last_seq: -1,
      };
      return transaction(async (client) => {
        await writeConversation(client, record, true);
        return structuredClone(record);
      });
    },
    getConversation: (id) =>
      run(async () => {
        const { rows } = await pool.query<ConversationRow>('SELECT * FROM conversations WHERE id = $1', [id]);
        return rows[0] ? conversationRecord(rows[0]) : undefined;
      }),
    updateConversation: (id, patch, updateOptions = {}) =>
      transaction(async (client) => {
        const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
        const record = { ...conversationRecord(await row(client, id, true)), ...structuredClone(defined) };
        if (updateOptions.touch !== false) record.updated_at = stamp().updated_at;
        await writeConversation(client, record, false);
        return record;
      }),
    listConversations: (query) => run(() => conversationList.list(query)),
    countConversations: (filter) => run(() => conversationList.count(filter)),
    workspaceDirs: () =>
      run(async () => {
        const { rows } = await pool.query<{ workspace_dir: string }>(
          'SELECT DISTINCT workspace_dir FROM conversations',
        );
        return rows.map((row) => row.workspace_dir);
      }),
    deleteConversation: (id) =>
      run(async () => {
        const { rowCount } = await pool.query('DELETE FROM conversations WHERE id = $1', [id]);
        return (rowCount ?? 0) > 0;
      }),
    async append(conversationId, event) {
      const [appended] = await appendMany(conversationId, [event]);
      if (!appended) throw new Error('appendMany returned nothing for one event');
      return appended;
    },
    appendMany,
    ...createPgEventReads(pool, readRows),
    setLeaf: (conversationId, eventId) =>
      transaction(async (client) => {
        await row(client, conversationId, true);
        if (eventId !== null && !(await eventExists(client, conversationId, eventId))) {
          throw new StoreError('unknown_event', `Event ${eventId} is not in conversation ${conversationId}`);
        }
        const { updated_at, updated_ms } = stamp();
        await client.query(
          'UPDATE conversations SET leaf_event_id = $2, updated_at = $3, updated_ms = $4 WHERE id = $1',
          [conversationId, eventId, updated_at, updated_ms],
        );
        return conversationRecord(await row(client, conversationId));
      }),
    fork: (sourceId, forkOptions) => transaction((client) => forkConversation(client, sourceId, forkOptions)),
    rebuildSearchIndex: () =>
      transaction(async (client) => {
        const titles = await client.query(
          "UPDATE conversations SET title_search = to_tsvector('simple', title)",
        );
        const messages = await client.query(
          `UPDATE events SET message_search = to_tsvector('simple', message_text) WHERE message_text IS NOT NULL`,
        );
        return (titles.rowCount ?? 0) + (messages.rowCount ?? 0);
      }),
    saveMCPConfig: (conversationId, config) =>
      transaction(async (client) => {
        const { rowCount } = await client.query('SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE', [
          conversationId,
        ]);
        if (!rowCount) throw new StoreError('unknown_conversation', `Unknown conversation ${conversationId}`);
        if (config === null) {
          await client.query('DELETE FROM conversation_mcp_configs WHERE conversation_id = $1', [
            conversationId,
          ]);
          return;
        }
        await client.query(
          `INSERT INTO conversation_mcp_configs (conversation_id, config) VALUES ($1, $2)
           ON CONFLICT (conversation_id) DO UPDATE SET config = EXCLUDED.config`,
          [conversationId, config],
        );
      }),
    listMCPConfigs: () =>
      run(async () => {
        const { rows } = await pool.query<{ conversation_id: string; config: string }>(
          'SELECT conversation_id, config FROM conversation_mcp_configs ORDER BY conversation_id COLLATE "C"',
        );
        return rows;
      }),
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
