import type Database from 'better-sqlite3';
import type { Event } from '../events';
import type { EventFilter, Page, PageRequest } from './event-store';
import { withIoErrors } from './map-sqlite-error';
import { decodePageId, pageIdNumber } from './page-cursor';
import { readInstantPage } from './read-instant-page';
import type { EventRow } from './sqlite-event-row';

type ReadRows = (conversationId: string, rows: readonly EventRow[]) => Event[];

/**
 * Filtered, paged reads of one conversation's events (searchEvents, countEvents). One statement per
 * combination of filters, prepared on first use and kept. `body` matches case-insensitively (full
 * Unicode, through a JS function: SQLite's own lower() knows only ASCII).
 */
export function createSqliteEventSearch(db: Database.Database, readRows: ReadRows) {
  db.function('contains_text', { deterministic: true }, (text: unknown, needle: unknown) =>
    typeof text === 'string' &&
    typeof needle === 'string' &&
    text.toLowerCase().includes(needle.toLowerCase())
      ? 1
      : 0,
  );
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  function conditions(filter: EventFilter, cursor: 'after' | 'before' | null): string {
    const parts = ['conversation_id = @cid'];
    if (filter.kind !== undefined) parts.push('kind = @kind');
    if (filter.source !== undefined) parts.push('source = @source');
    if (filter.body !== undefined && filter.body !== '') parts.push('contains_text(message_text, @body) = 1');
    if (filter.afterSeq !== undefined) parts.push('seq > @after_seq');
    if (filter.beforeSeq !== undefined) parts.push('seq < @before_seq');
    // julianday reads every ISO 8601 form (with or without milliseconds, Z or an offset) as one instant.
    if (filter.timestampGte !== undefined) parts.push('julianday(timestamp) >= julianday(@timestamp_gte)');
    if (filter.timestampLt !== undefined) parts.push('julianday(timestamp) < julianday(@timestamp_lt)');
    if (cursor === 'after') parts.push('seq > @cursor');
    if (cursor === 'before') parts.push('seq < @cursor');
    return parts.join(' AND ');
  }

  function params(conversationId: string, filter: EventFilter): Record<string, string | number> {
    const values: Record<string, string | number> = { cid: conversationId };
    if (filter.kind !== undefined) values.kind = filter.kind;
    if (filter.source !== undefined) values.source = filter.source;
    if (filter.body !== undefined && filter.body !== '') values.body = filter.body;
    if (filter.afterSeq !== undefined) values.after_seq = filter.afterSeq;
    if (filter.beforeSeq !== undefined) values.before_seq = filter.beforeSeq;
    if (filter.timestampGte !== undefined) values.timestamp_gte = filter.timestampGte;
    if (filter.timestampLt !== undefined) values.timestamp_lt = filter.timestampLt;
    return values;
  }

  return {
    async search(conversationId: string, filter: EventFilter, page: PageRequest): Promise<Page<Event>> {
      const descending = page.order === 'desc';
      const cursor = page.page_id === undefined ? null : pageIdNumber(decodePageId(page.page_id), 's');
      const read = async (after: number | null, count: number) => {
        const where = conditions(filter, after === null ? null : descending ? 'before' : 'after');
        const sql = `SELECT seq, json FROM events WHERE ${where} ORDER BY seq ${descending ? 'DESC' : 'ASC'} LIMIT @limit`;
        const values = {
          ...params(conversationId, filter),
          limit: count,
          ...(after === null ? {} : { cursor: after }),
        };
        return withIoErrors(() => readRows(conversationId, prepared(sql).all(values) as EventRow[]));
      };
      return await readInstantPage(read, cursor, page.limit);
    },
    count(conversationId: string, filter: EventFilter): number {
      const sql = `SELECT count(*) FROM events WHERE ${conditions(filter, null)}`;
      return prepared(sql).pluck().get(params(conversationId, filter)) as number;
    },
  };
}
