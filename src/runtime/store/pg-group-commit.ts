import type pg from 'pg';
import type { Event, NewEvent } from '../events';
import { sortMillis } from './conversation-sort';
import { StoreError } from './event-store';
import { mapPgError } from './map-pg-error';
import { messageText } from './message-text';
import { stampEvent } from './stamp-event';
import { inTransaction } from './pg-transaction';

/** The channel every committed append is announced on (the conversation id as payload). */
export const APPEND_CHANNEL = 'workbench_appends';

/** At most this many appends share one transaction; the rest wait for the next commit. */
const MAX_APPENDS_PER_COMMIT = 256;

export interface PgGroupCommitOptions {
  /** Refuse an append to a conversation whose live lease another owner holds (`not_owner`). */
  leaseOwner?: string;
  /** `updated_at`/`updated_ms` for the conversations a commit touches. */
  stamp(): { updated_at: string; updated_ms: number };
}

/**
 * Appends through group commit: an append arriving while a commit is in flight waits for it, and all
 * that gathered by then are written together in one transaction (one multi-row INSERT, one fsync).
 * Each append's promise settles only after that COMMIT, so an event is durable before anyone hears of
 * it. An append that breaks a rule (unknown conversation or parent, another owner, an invalid event) is
 * refused alone while the rest commit; when the database refuses the whole statement (a duplicate id),
 * the batch is retried one append per transaction, so one bad event fails only its own append.
 * Appends to one conversation commit in the order they were made, with gap-free seq.
 */
export function createPgGroupCommit(pool: pg.Pool, options: PgGroupCommitOptions) {
  const queue: Request[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    // One turn of the event loop before each commit: appends made in the same turn, and those of
    // writers that the last commit just answered (their next append follows a few promise hops
    // later), join it instead of trailing it in a commit of their own.
    await nextTurn();
    while (queue.length > 0) {
      await commit(queue.splice(0, MAX_APPENDS_PER_COMMIT));
      await nextTurn();
    }
    flushing = false;
  }

  async function commit(batch: readonly Request[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await inTransaction(pool, (client) => writeBatch(client, batch, options));
    } catch (error) {
      const mapped = mapPgError(error);
      // A lost connection may have lost the COMMIT's answer, not the COMMIT: writing again could
      // double an event, so every append of the batch hears the io error, as a single append would.
      if (batch.length === 1 || (mapped instanceof StoreError && mapped.code === 'io')) {
        for (const request of batch) request.reject(mapped);
        return;
      }
      // Whatever sank the batch (a duplicate id) sinks only its own append now.
      for (const request of batch) await commit([request]);
      return;
    }
    batch.forEach((request, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) request.resolve(outcome.events);
      else request.reject(outcome?.error ?? new Error('the group commit lost an append'));
    });
  }

  return {
    /** One conversation's events, committed (with others' appends) before the promise settles. */
    append(conversationId: string, events: readonly NewEvent[]): Promise<Event[]> {
      return new Promise<Event[]>((resolve, reject) => {
        queue.push({ conversationId, events, resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Request {
  conversationId: string;
  events: readonly NewEvent[];
  resolve(events: Event[]): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; events: Event[] } | { ok: false; error: unknown };

interface Head {
  leaf: string | null;
  seq: number;
  holder: string | null;
  /** Event ids known stored or added by this batch so far (the leaf, events stamped before). */
  added: Set<string>;
  touched: boolean;
}

/**
 * The batch in a few statements: lock every conversation it touches (in id order, so two batches can
 * never wait on each other in a cycle), check the explicit parents in one query, stamp each append's
 * events on its conversation's head, then insert all rows and move every head in one statement.
 */
async function writeBatch(
  client: pg.PoolClient,
  batch: readonly Request[],
  options: PgGroupCommitOptions,
): Promise<Outcome[]> {
  const heads = await lockHeads(client, [...new Set(batch.map((request) => request.conversationId))]);
  const known = await existingParents(client, batch);
  const rows = new EventRows();
  const outcomes = batch.map((request): Outcome => {
    try {
      return { ok: true, events: stampRequest(request, heads, known, rows, options.leaseOwner) };
    } catch (error) {
      if (error instanceof StoreError) return { ok: false, error };
      throw error;
    }
  });
  if (rows.count > 0) await insertAndMoveHeads(client, rows, heads, options.stamp());
  return outcomes;
}

async function lockHeads(client: pg.PoolClient, ids: readonly string[]): Promise<Map<string, Head>> {
  const { rows } = await client.query<{
    id: string;
    leaf_event_id: string | null;
    last_seq: number;
    lease_holder: string | null;
  }>(
    `SELECT c.id, c.leaf_event_id, c.last_seq,
       (SELECT owner FROM conversation_leases l WHERE l.conversation_id = c.id AND l.expires_at > now())
         AS lease_holder
     FROM conversations c WHERE c.id = ANY($1::text[]) ORDER BY c.id COLLATE "C" FOR UPDATE OF c`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        leaf: row.leaf_event_id,
        seq: row.last_seq,
        holder: row.lease_holder,
        // The stored leaf is a valid parent without asking again.
        added: new Set<string>(row.leaf_event_id === null ? [] : [row.leaf_event_id]),
        touched: false,
      },
    ]),
  );
}

/** The explicit parents the batch names that are already stored, as `conversation\nid`. */
async function existingParents(client: pg.PoolClient, batch: readonly Request[]): Promise<Set<string>> {
  const conversations: string[] = [];
  const ids: string[] = [];
  for (const request of batch)
    for (const event of request.events)
      if (typeof event.parent_id === 'string') {
        conversations.push(request.conversationId);
        ids.push(event.parent_id);
      }
  if (ids.length === 0) return new Set();
  const { rows } = await client.query<{ conversation_id: string; id: string }>(
    `SELECT e.conversation_id, e.id FROM unnest($1::text[], $2::text[]) AS p (conversation_id, id)
     JOIN events e ON e.conversation_id = p.conversation_id AND e.id = p.id`,
    [conversations, ids],
  );
  return new Set(rows.map((row) => `${row.conversation_id}\n${row.id}`));
}

/** Stamps one append on its conversation's head; throws StoreError (and changes nothing) when refused. */
function stampRequest(
  request: Request,
  heads: Map<string, Head>,
  known: Set<string>,
  rows: EventRows,
  leaseOwner: string | undefined,
): Event[] {
  const { conversationId } = request;
  const head = heads.get(conversationId);
  if (!head) throw new StoreError('unknown_conversation', `Unknown conversation ${conversationId}`);
  if (leaseOwner !== undefined && head.holder !== null && head.holder !== leaseOwner)
    throw new StoreError('not_owner', `Conversation ${conversationId} is run by another runtime now`);
  let leaf = head.leaf;
  let seq = head.seq;
  const ids = new Set<string>();
  const stamped: Event[] = [];
  for (const newEvent of request.events) {
    const parent = newEvent.parent_id === undefined ? leaf : newEvent.parent_id;
    const stored =
      parent === null ||
      ids.has(parent) ||
      head.added.has(parent) ||
      known.has(`${conversationId}\n${parent}`);
    if (!stored)
      throw new StoreError('unknown_parent', `Parent ${parent} is not in conversation ${conversationId}`);
    seq += 1;
    const event = stampEvent(newEvent, seq, parent);
    ids.add(event.id);
    if (event.kind !== 'ConversationStateUpdateEvent') leaf = event.id;
    stamped.push(event);
  }
  for (const event of stamped) rows.add(conversationId, event);
  for (const id of ids) head.added.add(id);
  if (stamped.length > 0) Object.assign(head, { leaf, seq, touched: true });
  return stamped;
}

/**
 * The batch's rows and every head it moved, in one statement (one round trip fewer per commit); the
 * heads are announced to every runtime when the transaction commits, never before.
 */
async function insertAndMoveHeads(
  client: pg.PoolClient,
  rows: EventRows,
  heads: Map<string, Head>,
  stamp: { updated_at: string; updated_ms: number },
): Promise<void> {
  const moved = [...heads].filter(([, head]) => head.touched);
  await client.query(
    `WITH inserted AS (
       INSERT INTO events (conversation_id, seq, id, kind, source, parent_id, timestamp, timestamp_ms, json,
         message_text, message_search, client_message_id)
       SELECT conversation_id, seq, id, kind, source, parent_id, timestamp, timestamp_ms, json, message_text,
         CASE WHEN message_text IS NULL THEN NULL ELSE to_tsvector('simple', message_text) END, client_message_id
       FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::float8[], $9::text[], $10::text[], $11::text[])
         WITH ORDINALITY AS r (conversation_id, seq, id, kind, source, parent_id, timestamp, timestamp_ms, json,
           message_text, client_message_id, position)
       ORDER BY position
     )
     UPDATE conversations c SET leaf_event_id = h.leaf, last_seq = h.seq, updated_at = $15, updated_ms = $16
     FROM unnest($12::text[], $13::text[], $14::int[]) AS h (id, leaf, seq)
     WHERE c.id = h.id RETURNING pg_notify('${APPEND_CHANNEL}', c.id)`,
    [
      ...rows.columnValues(),
      moved.map(([id]) => id),
      moved.map(([, head]) => head.leaf),
      moved.map(([, head]) => head.seq),
      stamp.updated_at,
      stamp.updated_ms,
    ],
  );
}

/** The events of a batch as columns, inserted with one statement. */
class EventRows {
  private readonly columns = {
    conversation_id: [] as string[],
    seq: [] as number[],
    id: [] as string[],
    kind: [] as string[],
    source: [] as string[],
    parent_id: [] as (string | null)[],
    timestamp: [] as string[],
    timestamp_ms: [] as number[],
    json: [] as string[],
    message_text: [] as (string | null)[],
    client_message_id: [] as (string | null)[],
  };

  get count(): number {
    return this.columns.id.length;
  }

  add(conversationId: string, event: Event): void {
    const { seq, ...stored } = event;
    const columns = this.columns;
    columns.conversation_id.push(conversationId);
    columns.seq.push(seq);
    columns.id.push(event.id);
    columns.kind.push(event.kind);
    columns.source.push(event.source);
    columns.parent_id.push(event.parent_id ?? null);
    columns.timestamp.push(event.timestamp);
    columns.timestamp_ms.push(sortMillis(event.timestamp));
    columns.json.push(JSON.stringify(stored));
    columns.message_text.push(messageText(event));
    columns.client_message_id.push(event.kind === 'MessageEvent' ? (event.client_message_id ?? null) : null);
  }

  /** The eleven column arrays, in the INSERT's order. */
  columnValues(): unknown[] {
    const columns = this.columns;
    return [
      columns.conversation_id,
      columns.seq,
      columns.id,
      columns.kind,
      columns.source,
      columns.parent_id,
      columns.timestamp,
      columns.timestamp_ms,
      columns.json,
      columns.message_text,
      columns.client_message_id,
    ];
  }
}
