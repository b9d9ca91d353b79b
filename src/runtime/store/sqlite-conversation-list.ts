import type Database from 'better-sqlite3';
import type { ConversationListItem, ConversationQuery, Page } from './event-store';
import { conversationSortSpec } from './conversation-sort';
import { makeSnippet } from './make-snippet';
import { decodePageId, encodePageId, pageIdNumber, pageIdString } from './page-cursor';
import { TITLE_SLOT } from './search-rowid';
import { ftsMatchExpression, searchTerms } from './search-terms';
import { type ConversationRow, conversationRecord } from './sqlite-conversation-row';

/** bm25 column weights: a hit in a title counts ten times a hit in a message. */
const TITLE_WEIGHT = 10;
const BODY_WEIGHT = 1;

/**
 * The conversation list of the SQLite store. Without `q`: keyset paging on (sort column, id), so rows
 * created or updated between pages are neither repeated nor skipped among those already ordered.
 * With `q`: FTS5 over titles and message text, every term quoted (never an operator), ranked by bm25
 * with title hits weighted up, the best document per conversation giving `match`; pages by offset,
 * since a ranking has no stable key.
 */
export function createSqliteConversationList(db: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const messageText = db.prepare('SELECT id, message_text FROM events WHERE conversation_id = ? AND seq = ?');

  function filters(query: ConversationQuery, prefix: string): string[] {
    const parts: string[] = [];
    if (query.status !== undefined) parts.push(`${prefix}execution_status = @status`);
    if (query.pinned !== undefined) parts.push(`${prefix}pinned = @pinned`);
    return parts;
  }

  function filterParams(query: ConversationQuery): Record<string, string | number> {
    const values: Record<string, string | number> = {};
    if (query.status !== undefined) values.status = query.status;
    if (query.pinned !== undefined) values.pinned = query.pinned ? 1 : 0;
    return values;
  }

  function listSorted(query: ConversationQuery): Page<ConversationListItem> {
    const spec = conversationSortSpec(query.sort);
    const column = spec.column === 'created_at' ? 'created_ms' : 'updated_ms';
    const direction = spec.descending ? 'DESC' : 'ASC';
    const where = filters(query, '');
    const values: Record<string, string | number> = { ...filterParams(query), limit: query.limit + 1 };
    if (query.page_id !== undefined) {
      const position = decodePageId(query.page_id);
      where.push(`(${column}, id) ${spec.descending ? '<' : '>'} (@after_ms, @after_id)`);
      values.after_ms = pageIdNumber(position, 't');
      values.after_id = pageIdString(position, 'id');
    }
    const sql = `SELECT * FROM conversations ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${column} ${direction}, id ${direction} LIMIT @limit`;
    const rows = prepared(sql).all(values) as ConversationRow[];
    const pageRows = rows.slice(0, query.limit);
    const last = pageRows.at(-1);
    const next =
      rows.length > query.limit && last
        ? encodePageId({ t: column === 'created_ms' ? last.created_ms : last.updated_ms, id: last.id })
        : null;
    return { items: pageRows.map(conversationRecord), next_page_id: next };
  }

  function search(query: ConversationQuery, q: string): Page<ConversationListItem> {
    const terms = searchTerms(q);
    if (terms.length === 0) return { items: [], next_page_id: null };
    const offset = query.page_id === undefined ? 0 : pageIdNumber(decodePageId(query.page_id), 'o');
    const where = ['r.rank_in_conversation = 1', ...filters(query, 'c.')];
    const sql = `WITH hits AS (
        SELECT rowid >> 32 AS conversation_row, rowid & ${TITLE_SLOT} AS slot,
          bm25(search_index, ${TITLE_WEIGHT}, ${BODY_WEIGHT}) AS score
        FROM search_index WHERE search_index MATCH @match
      ), ranked AS (
        SELECT conversation_row, slot, min(score) OVER (PARTITION BY conversation_row) AS best,
          row_number() OVER (PARTITION BY conversation_row ORDER BY slot = ${TITLE_SLOT}, score, slot) AS rank_in_conversation
        FROM hits
      )
      SELECT c.*, r.slot AS match_slot FROM ranked r JOIN conversations c ON c.row_id = r.conversation_row
      WHERE ${where.join(' AND ')}
      ORDER BY r.best, c.id LIMIT @limit OFFSET @offset`;
    const values = {
      ...filterParams(query),
      match: ftsMatchExpression(terms),
      limit: query.limit + 1,
      offset,
    };
    const rows = prepared(sql).all(values) as (ConversationRow & { match_slot: number })[];
    const items = rows
      .slice(0, query.limit)
      .map((row) => ({ ...conversationRecord(row), match: matchOf(row, terms) }));
    return {
      items,
      next_page_id: rows.length > query.limit ? encodePageId({ o: offset + query.limit }) : null,
    };
  }

  function matchOf(row: ConversationRow & { match_slot: number }, terms: readonly string[]) {
    if (row.match_slot !== TITLE_SLOT) {
      const event = messageText.get(row.id, row.match_slot) as
        | { id: string; message_text: string }
        | undefined;
      if (event)
        return { event_id: event.id, seq: row.match_slot, snippet: makeSnippet(event.message_text, terms) };
    }
    return { event_id: null, seq: null, snippet: makeSnippet(row.title, terms) };
  }

  return {
    list(query: ConversationQuery): Page<ConversationListItem> {
      return query.q === undefined || query.q.trim() === '' ? listSorted(query) : search(query, query.q);
    },
  };
}
