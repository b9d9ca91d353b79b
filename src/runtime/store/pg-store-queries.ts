import type pg from 'pg';
import { type ConversationRecord, type ForkOptions, StoreError } from './event-store';
import { forkRecord } from './fork-record';
import { mapPgError } from './map-pg-error';
import { type ConversationRow, conversationParams, conversationRecord } from './sqlite-conversation-row';

/*
 * The queries the PostgreSQL store (pg-event-store.ts) runs on a pool or inside one of its
 * transactions: a conversation's row, an event's existence, a conversation written whole, a fork.
 */

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
export const PATH_TO_ROOT = `path (seq, parent_id, depth) AS (
    SELECT seq, parent_id, 0 FROM events WHERE conversation_id = $1 AND id = $2
    UNION ALL
    SELECT e.seq, e.parent_id, p.depth + 1 FROM events e JOIN path p
      ON e.conversation_id = $1 AND e.id = p.parent_id
  )`;

/** Runs a query's work, every pg failure mapped to a StoreError. */
export async function runMapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mapPgError(error);
  }
}

export async function conversationRow(
  client: pg.Pool | pg.PoolClient,
  id: string,
  lock = false,
): Promise<ConversationRow> {
  const { rows } = await client.query<ConversationRow>(
    `SELECT * FROM conversations WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const found = rows[0];
  if (!found) throw new StoreError('unknown_conversation', `Unknown conversation ${id}`);
  return found;
}

export async function eventExists(client: pg.PoolClient, conversationId: string, eventId: string) {
  const { rowCount } = await client.query('SELECT 1 FROM events WHERE conversation_id = $1 AND id = $2', [
    conversationId,
    eventId,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function writeConversation(client: pg.PoolClient, record: ConversationRecord, insert: boolean) {
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

/** Copies a conversation (its whole log, or the path up to `fromEventId`) into a new one, in the caller's transaction. */
export async function forkConversation(
  client: pg.PoolClient,
  sourceId: string,
  forkOptions: ForkOptions,
): Promise<ConversationRecord> {
  const source = conversationRecord(await conversationRow(client, sourceId));
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
}
