import type pg from 'pg';
import type { NewEvent } from '../events';
import { sortMillis } from './conversation-sort';
import {
  type ConversationRecord,
  type CorruptRow,
  type EventFilter,
  type EventStore,
  type ForkOptions,
  type NewConversationRecord,
  StoreError,
} from './event-store';
import { forkRecord } from './fork-record';
import { mapPgError } from './map-pg-error';
import { decodePageId, pageIdNumber } from './page-cursor';
import { readInstantPage } from './read-instant-page';
import { openPgPool } from './open-pg-pool';
import { createPgConversationList } from './pg-conversation-list';
import { createPgGroupCommit } from './pg-group-commit';
import { type ConversationRow, conversationParams, conversationRecord } from './sqlite-conversation-row';
import { createEventRowReader, type EventRow, parseEventRow } from './sqlite-event-row';
import { inTransaction } from './pg-transaction';

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

const CONVERSATION_COLUMNS = [
  'id',
  'title',
  'title_source',
  'created_at',
  'created_ms',
  'updated_at',
  'updated_ms',
  'workspace_dir',
  'execution_status',
  'leaf_event_id',
  'last_seq',
  'forked_from_conversation_id',
  'forked_from_event_id',
  'pinned',
  'settings',
  'sandbox_kind',
  'sandbox_image',
] as const;

/** The path from an event up to its root: (seq, depth), the event itself at depth 0. */
const PATH_TO_ROOT = `path (seq, parent_id, depth) AS (
    SELECT seq, parent_id, 0 FROM events WHERE conversation_id = $1 AND id = $2
    UNION ALL
    SELECT e.seq, e.parent_id, p.depth + 1 FROM events e JOIN path p
      ON e.conversation_id = $1 AND e.id = p.parent_id
  )`;

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

  async function run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw mapPgError(error);
    }
  }

  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return run(() => inTransaction(pool, work));
  }

  async function row(client: pg.Pool | pg.PoolClient, id: string, lock = false): Promise<ConversationRow> {
    const { rows } = await client.query<ConversationRow>(
      `SELECT * FROM conversations WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    const found = rows[0];
    if (!found) throw new StoreError('unknown_conversation', `Unknown conversation ${id}`);
    return found;
  }

  async function eventExists(client: pg.PoolClient, conversationId: string, eventId: string) {
    const { rowCount } = await client.query('SELECT 1 FROM events WHERE conversation_id = $1 AND id = $2', [
      conversationId,
      eventId,
    ]);
    return (rowCount ?? 0) > 0;
  }

  function stamp(): { updated_at: string; updated_ms: number } {
    const now = clock();
    return { updated_at: now.toISOString(), updated_ms: now.getTime() };
  }

  async function writeConversation(client: pg.PoolClient, record: ConversationRecord, insert: boolean) {
    const params = conversationParams(record);
    const values = CONVERSATION_COLUMNS.map((column) => params[column]);
    if (insert) {
      await client.query(
        `INSERT INTO conversations (${CONVERSATION_COLUMNS.join(', ')}, title_search)
         VALUES (${CONVERSATION_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')}, to_tsvector('simple', $2))`,
        values,
      );
      return;
    }
    await client.query(
      `UPDATE conversations SET ${CONVERSATION_COLUMNS.slice(1)
        .map((column, index) => `${column} = $${index + 2}`)
        .join(', ')}, title_search = to_tsvector('simple', $2) WHERE id = $1`,
      values,
    );
  }

  function eventConditions(conversationId: string, filter: EventFilter, values: unknown[]): string[] {
    const bind = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const parts = [`conversation_id = ${bind(conversationId)}`];
    if (filter.kind !== undefined) parts.push(`kind = ${bind(filter.kind)}`);
    if (filter.source !== undefined) parts.push(`source = ${bind(filter.source)}`);
    if (filter.body !== undefined && filter.body !== '')
      parts.push(`strpos(lower(message_text), lower(${bind(filter.body)})) > 0`);
    if (filter.afterSeq !== undefined) parts.push(`seq > ${bind(filter.afterSeq)}`);
    if (filter.beforeSeq !== undefined) parts.push(`seq < ${bind(filter.beforeSeq)}`);
    if (filter.timestampGte !== undefined)
      parts.push(`timestamp_ms >= ${bind(sortMillis(filter.timestampGte))}`);
    if (filter.timestampLt !== undefined)
      parts.push(`timestamp_ms < ${bind(sortMillis(filter.timestampLt))}`);
    return parts;
  }

  async function fork(sourceId: string, forkOptions: ForkOptions): Promise<ConversationRecord> {
    return transaction(async (client) => {
      const source = conversationRecord(await row(client, sourceId));
      const taken = await client.query('SELECT 1 FROM conversations WHERE id = $1', [forkOptions.id]);
      if ((taken.rowCount ?? 0) > 0)
        throw new StoreError('conversation_exists', `Conversation ${forkOptions.id} exists`);
      const from = forkOptions.fromEventId;
      if (from !== undefined && !(await eventExists(client, sourceId, from))) {
        throw new StoreError('unknown_event', `Event ${from} is not in conversation ${sourceId}`);
      }
      const draft = forkRecord(source, forkOptions, {
        leafEventId: from ?? source.leaf_event_id,
        lastSeq: -1,
      });
      await writeConversation(client, draft, true);
      const columns =
        'id, kind, source, parent_id, timestamp, timestamp_ms, json, message_text, message_search, client_message_id';
      const copied =
        from === undefined
          ? await client.query(
              `INSERT INTO events (conversation_id, seq, ${columns})
               SELECT $2, seq, ${columns} FROM events WHERE conversation_id = $1 ORDER BY seq`,
              [sourceId, draft.id],
            )
          : await client.query(
              `WITH RECURSIVE ${PATH_TO_ROOT}
               INSERT INTO events (conversation_id, seq, ${columns})
               SELECT $3, (count(*) OVER ()) - 1 - p.depth, ${columns.replaceAll(/(\w+)/g, 'e.$1')}
               FROM path p JOIN events e ON e.conversation_id = $1 AND e.seq = p.seq`,
              [sourceId, from, draft.id],
            );
      const record = { ...draft, last_seq: (copied.rowCount ?? 0) - 1 };
      await writeConversation(client, record, false);
      return record;
    });
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
    readEvents: (conversationId, range = {}) =>
      run(async () => {
        await row(pool, conversationId);
        const values: unknown[] = [conversationId, range.afterSeq ?? -1];
        let sql = 'SELECT seq, json FROM events WHERE conversation_id = $1 AND seq > $2';
        if (range.beforeSeq !== undefined) {
          values.push(range.beforeSeq);
          sql += ` AND seq < $${values.length}`;
        }
        sql += ` ORDER BY seq ${range.order === 'desc' ? 'DESC' : 'ASC'}`;
        if (range.limit !== undefined) {
          values.push(range.limit);
          sql += ` LIMIT $${values.length}`;
        }
        const { rows } = await pool.query<EventRow>(sql, values);
        return readRows(conversationId, rows);
      }),
    getEvent: (conversationId, eventId) =>
      run(async () => {
        const { rows } = await pool.query<EventRow>(
          'SELECT seq, json FROM events WHERE conversation_id = $1 AND id = $2',
          [conversationId, eventId],
        );
        return readRows(conversationId, rows)[0];
      }),
    findByClientMessageId: (conversationId, clientMessageId) =>
      run(async () => {
        const { rows } = await pool.query<EventRow>(
          'SELECT seq, json FROM events WHERE conversation_id = $1 AND client_message_id = $2',
          [conversationId, clientMessageId],
        );
        return readRows(conversationId, rows)[0];
      }),
    searchEvents: (conversationId, filter, page) =>
      run(async () => {
        await row(pool, conversationId);
        const descending = page.order === 'desc';
        const cursor = page.page_id === undefined ? null : pageIdNumber(decodePageId(page.page_id), 's');
        const read = async (after: number | null, count: number) => {
          const values: unknown[] = [];
          const where = eventConditions(conversationId, filter, values);
          if (after !== null) {
            values.push(after);
            where.push(`seq ${descending ? '<' : '>'} $${values.length}`);
          }
          values.push(count);
          const { rows } = await pool.query<EventRow>(
            `SELECT seq, json FROM events WHERE ${where.join(' AND ')}
             ORDER BY seq ${descending ? 'DESC' : 'ASC'} LIMIT $${values.length}`,
            values,
          );
          return readRows(conversationId, rows);
        };
        return await readInstantPage(read, cursor, page.limit);
      }),
    countEvents: (conversationId, filter) =>
      run(async () => {
        await row(pool, conversationId);
        const values: unknown[] = [];
        const where = eventConditions(conversationId, filter, values);
        const { rows } = await pool.query<{ count: string }>(
          `SELECT count(*) FROM events WHERE ${where.join(' AND ')}`,
          values,
        );
        return Number(rows[0]?.count ?? 0);
      }),
    activeBranch: (conversationId) =>
      run(async () => {
        const leaf = (await row(pool, conversationId)).leaf_event_id;
        if (leaf === null) return [];
        const { rows } = await pool.query<EventRow>(
          `WITH RECURSIVE ${PATH_TO_ROOT}
           SELECT e.seq, e.json FROM path p JOIN events e ON e.conversation_id = $1 AND e.seq = p.seq
           ORDER BY e.seq`,
          [conversationId, leaf],
        );
        return readRows(conversationId, rows);
      }),
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
    fork,
    findCorruptRows: (conversationId) =>
      run(async () => {
        await row(pool, conversationId);
        const { rows } = await pool.query<EventRow>(
          'SELECT seq, json FROM events WHERE conversation_id = $1 ORDER BY seq',
          [conversationId],
        );
        const corrupt: CorruptRow[] = [];
        for (const stored of rows) {
          const result = parseEventRow(stored);
          if (!result.ok) corrupt.push({ conversationId, seq: stored.seq, error: result.error });
        }
        return corrupt;
      }),
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
