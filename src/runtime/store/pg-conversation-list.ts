import type pg from 'pg';
import { conversationSortSpec } from './conversation-sort';
import type { ConversationFilter, ConversationListItem, ConversationQuery, Page } from './event-store';
import { sortedPage } from './sorted-page';
import { decodePageId, encodePageId, pageIdNumber, pageIdString } from './page-cursor';
import { searchTerms } from './search-terms';
import { SNIPPET_CLOSE, SNIPPET_OPEN } from './make-snippet';
import { type ConversationRow, conversationRecord } from './sqlite-conversation-row';

/** A hit in a title counts ten times a hit in a message (as the SQLite store's bm25 weights). */
const TITLE_WEIGHT = 10;

/** ts_headline options: about the length of the SQLite store's snippets, hits in « ». */
const HEADLINE = `StartSel=${SNIPPET_OPEN}, StopSel=${SNIPPET_CLOSE}, MaxWords=24, MinWords=12, MaxFragments=1, FragmentDelimiter=…`;

/**
 * How many of the newest matching messages a search ranks at first: ts_rank reads each document, so
 * a word found in most of a million messages would take seconds. Widened when a page needs more.
 */
export const PG_RANK_WINDOW = 20_000;

/** A tsquery requiring every term; terms are letters and digits only (searchTerms), never syntax. */
export function allTermsQuery(terms: readonly string[]): string {
  return terms.map((term) => `'${term}'`).join(' & ');
}

/**
 * The conversation list of the PostgreSQL store, with the SQLite store's behaviour: keyset paging on
 * (sort column, id) without `q`; with `q`, PostgreSQL's own text search over titles and message text
 * ('simple' configuration, every word required), a conversation ranked by its best document (ts_rank,
 * title hits weighted up), `match` on its best message (else its title), snippets by ts_headline.
 */
export function createPgConversationList(pool: pg.Pool, rankWindow = PG_RANK_WINDOW) {
  function filters(
    query: ConversationFilter & { pinned?: boolean },
    values: unknown[],
    prefix = '',
  ): string[] {
    const parts: string[] = [];
    const bind = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    if (query.status !== undefined) parts.push(`${prefix}execution_status = ${bind(query.status)}`);
    if (query.pinned !== undefined) parts.push(`${prefix}pinned = ${bind(query.pinned ? 1 : 0)}`);
    if (query.tags !== undefined && query.tags.length > 0)
      parts.push(`(${prefix}settings::jsonb -> 'tags') @> ${bind(JSON.stringify(query.tags))}::jsonb`);
    if (query.parent === null) parts.push(`(${prefix}settings::jsonb -> 'parent') IS NULL`);
    else if (query.parent !== undefined)
      parts.push(`(${prefix}settings::jsonb -> 'parent' ->> 'conversation_id') = ${bind(query.parent)}`);
    return parts;
  }

  async function listSorted(query: ConversationQuery): Promise<Page<ConversationListItem>> {
    const spec = conversationSortSpec(query.sort);
    const column = spec.column === 'created_at' ? 'created_ms' : 'updated_ms';
    const direction = spec.descending ? 'DESC' : 'ASC';
    const values: unknown[] = [];
    const where = filters(query, values);
    if (query.page_id !== undefined) {
      const position = decodePageId(query.page_id);
      values.push(pageIdNumber(position, 't'), pageIdString(position, 'id'));
      where.push(
        `(${column}, id) ${spec.descending ? '<' : '>'} ($${values.length - 1}, $${values.length} COLLATE "C")`,
      );
    }
    values.push(query.limit + 1);
    const { rows } = await pool.query<ConversationRow>(
      `SELECT * FROM conversations ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${column} ${direction}, id COLLATE "C" ${direction} LIMIT $${values.length}`,
      values,
    );
    return sortedPage(rows, query.limit, column);
  }

  async function search(query: ConversationQuery, q: string): Promise<Page<ConversationListItem>> {
    const terms = searchTerms(q);
    if (terms.length === 0) return { items: [], next_page_id: null };
    const offset = query.page_id === undefined ? 0 : pageIdNumber(decodePageId(query.page_id), 'o');
    let window = rankWindow;
    for (;;) {
      const { rows, hits } = await rankedPage(query, terms, offset, window);
      // Too few conversations among the newest `window` matching messages, and more exist: widen.
      if (rows.length > query.limit || hits < window) return pageOf(rows, terms, query.limit, offset);
      window *= 4;
    }
  }

  async function rankedPage(
    query: ConversationQuery,
    terms: readonly string[],
    offset: number,
    window: number,
  ) {
    const values: unknown[] = [allTermsQuery(terms), window];
    const where = filters(query, values, 'c.');
    values.push(query.limit + 1, offset);
    const { rows } = await pool.query<ConversationRow & { score: number; hits: string }>(
      `WITH q AS (SELECT $1::tsquery AS query),
      newest AS (
        SELECT e.conversation_id, e.seq FROM events e, q WHERE e.message_search @@ q.query
        ORDER BY e.doc_id DESC LIMIT $2
      ),
      documents AS (
        SELECT c.id, NULL::integer AS seq, ts_rank(c.title_search, q.query) * ${TITLE_WEIGHT} AS score
        FROM conversations c, q WHERE c.title_search @@ q.query
        UNION ALL
        SELECT e.conversation_id, e.seq, ts_rank(e.message_search, q.query)
        FROM newest n JOIN events e ON e.conversation_id = n.conversation_id AND e.seq = n.seq, q
      ),
      best AS (
        SELECT DISTINCT ON (id) id, seq, score FROM documents ORDER BY id, score DESC, seq
      )
      SELECT c.*, best.score, (SELECT count(*) FROM newest) AS hits FROM best JOIN conversations c ON c.id = best.id
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY best.score DESC, c.id COLLATE "C"
      LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    );
    // No row at all says nothing about the window: count it alone.
    const hits = rows[0]
      ? Number(rows[0].hits)
      : Number(
          (
            await pool.query<{ count: string }>(
              'SELECT count(*) FROM (SELECT 1 FROM events WHERE message_search @@ $1::tsquery LIMIT $2) AS newest',
              [values[0], window],
            )
          ).rows[0]?.count ?? 0,
        );
    return { rows, hits };
  }

  async function pageOf(
    rows: readonly (ConversationRow & { score: number; hits: string })[],
    terms: readonly string[],
    limit: number,
    offset: number,
  ): Promise<Page<ConversationListItem>> {
    const items: ConversationListItem[] = [];
    for (const row of rows.slice(0, limit)) {
      const { score: _score, hits: _hits, ...conversation } = row;
      items.push({ ...conversationRecord(conversation), match: await matchOf(row, terms) });
    }
    return { items, next_page_id: rows.length > limit ? encodePageId({ o: offset + limit }) : null };
  }

  /** Its best message (also when the title ranked it), else its title, as a snippet. */
  async function matchOf(row: ConversationRow, terms: readonly string[]) {
    const query = allTermsQuery(terms);
    const { rows } = await pool.query<{ id: string; seq: number; snippet: string }>(
      `SELECT id, seq, ts_headline('simple', message_text, $2::tsquery, $3) AS snippet FROM events
       WHERE conversation_id = $1 AND message_search @@ $2::tsquery
       ORDER BY ts_rank(message_search, $2::tsquery) DESC, seq LIMIT 1`,
      [row.id, query, HEADLINE],
    );
    const message = rows[0];
    if (message) return { event_id: message.id, seq: message.seq, snippet: message.snippet };
    const title = await pool.query<{ snippet: string }>(
      "SELECT ts_headline('simple', $1, $2::tsquery, $3) AS snippet",
      [row.title, query, HEADLINE],
    );
    return { event_id: null, seq: null, snippet: title.rows[0]?.snippet ?? row.title };
  }

  return {
    list(query: ConversationQuery): Promise<Page<ConversationListItem>> {
      return query.q === undefined || query.q.trim() === '' ? listSorted(query) : search(query, query.q);
    },
    async count(filter: ConversationFilter): Promise<number> {
      const values: unknown[] = [];
      const where = filters(filter, values);
      const { rows } = await pool.query<{ count: string }>(
        `SELECT count(*) FROM conversations${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`,
        values,
      );
      return Number(rows[0]?.count ?? 0);
    },
  };
}
