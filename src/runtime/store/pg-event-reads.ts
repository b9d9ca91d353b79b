import type pg from 'pg';
import type { Event } from '../events';
import { sortMillis } from './conversation-sort';
import type { CorruptRow, EventFilter, EventStore } from './event-store';
import { decodePageId, pageIdNumber } from './page-cursor';
import { conversationRow as row, PATH_TO_ROOT, runMapped as run } from './pg-store-queries';
import { readInstantPage } from './read-instant-page';
import { type EventRow, parseEventRow } from './sqlite-event-row';

type EventReads = Pick<
  EventStore,
  | 'readEvents'
  | 'getEvent'
  | 'findByClientMessageId'
  | 'searchEvents'
  | 'countEvents'
  | 'activeBranch'
  | 'findCorruptRows'
>;

/** The PostgreSQL store's reads of a conversation's events, each on the pool, failures as StoreError. */
export function createPgEventReads(
  pool: pg.Pool,
  readRows: (conversationId: string, rows: readonly EventRow[]) => Event[],
): EventReads {
  return {
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
  };
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
  if (filter.timestampLt !== undefined) parts.push(`timestamp_ms < ${bind(sortMillis(filter.timestampLt))}`);
  return parts;
}
