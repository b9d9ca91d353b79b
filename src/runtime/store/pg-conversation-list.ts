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

/**
 * The newest $2 messages matching tsquery $1, each with its rank. Ordered by doc_id so that, for a
 * word in most messages, the planner walks events_messages_by_doc backwards and stops after about $2
 * documents instead of reading and sorting every match.
 */
export const NEWEST_MATCHES = `SELECT e.conversation_id AS id, ts_rank(e.message_search, $1::tsquery) AS score
  FROM events e WHERE e.message_search @@ $1::tsquery ORDER BY e.doc_id DESC LIMIT $2`;

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

  /**
   * One page of conversations ranked by their best document. The window of newest matching messages
   * is read by walking the messages' doc_id index backwards and testing each document (the planner
   * does that when a word is common, so a word in most of a million messages costs the window, not
   * the million; a rare word is found through the GIN index); each is ranked as it is read. The
   * conversation rows are joined only for the page (or, with filters, for the candidates).
   */
  async function rankedPage(
    query: ConversationQuery,
    terms: readonly string[],
    offset: number,
    window: number,
  ) {
    const values: unknown[] = [allTermsQuery(terms), window];
    const where = filters(query, values, 'c.');
    values.push(query.limit + 1, offset);
    const filtered =
      where.length > 0 ? `JOIN conversations c ON c.id = best.id WHERE ${where.join(' AND ')}` : '';
    const { rows } = await pool.query<ConversationRow & { score: number; hits: string }>(
      `WITH newest AS (${NEWEST_MATCHES}),
      documents AS (
        SELECT c.id, ts_rank(c.title_search, $1::tsquery) * ${TITLE_WEIGHT} AS score
        FROM conversations c WHERE c.title_search @@ $1::tsquery
        UNION ALL
        SELECT id, score FROM newest
      ),
      best AS (SELECT id, max(score) AS score FROM documents GROUP BY id),
      page AS (
        SELECT best.id, best.score FROM best ${filtered}
        ORDER BY best.score DESC, best.id COLLATE "C"
        LIMIT $${values.length - 1} OFFSET $${values.length}
      )
      SELECT c.*, page.score, (SELECT count(*) FROM newest) AS hits FROM page JOIN conversations c ON c.id = page.id
      ORDER BY page.score DESC, c.id COLLATE "C"`,
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
    const shown = rows.slice(0, limit);
    const matches = await matchesOf(shown, terms);
    const items = shown.map((row, index): ConversationListItem => {
      const { score: _score, hits: _hits, ...conversation } = row;
      const match = matches[index];
      return {
        ...conversationRecord(conversation),
        match: {
          event_id: match?.event_id ?? null,
          seq: match?.seq ?? null,
          snippet: match?.snippet ?? row.title,
        },
      };
    });
    return { items, next_page_id: rows.length > limit ? encodePageId({ o: offset + limit }) : null };
  }

  /** Each conversation's best message (also when the title ranked it), else its title, as a snippet; one query. */
  async function matchesOf(rows: readonly ConversationRow[], terms: readonly string[]) {
    if (rows.length === 0) return [];
    const { rows: matches } = await pool.query<{
      event_id: string | null;
      seq: number | null;
      snippet: string | null;
    }>(
      `SELECT m.id AS event_id, m.seq, COALESCE(m.snippet, ts_headline('simple', t.title, $3::tsquery, $4)) AS snippet
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t (id, title, position)
       LEFT JOIN LATERAL (
         SELECT e.id, e.seq, ts_headline('simple', e.message_text, $3::tsquery, $4) AS snippet FROM events e
         WHERE e.conversation_id = t.id AND e.message_search @@ $3::tsquery
         ORDER BY ts_rank(e.message_search, $3::tsquery) DESC, e.seq LIMIT 1
       ) m ON true
       ORDER BY t.position`,
      [rows.map((row) => row.id), rows.map((row) => row.title), allTermsQuery(terms), HEADLINE],
    );
    return matches;
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

/** The WHERE conditions of a filter, binding their values as $n parameters onto `values`. */
function filters(query: ConversationFilter & { pinned?: boolean }, values: unknown[], prefix = ''): string[] {
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
  // Rows written before the sandbox was stored ran in bubblewrap.
  if (query.sandbox !== undefined)
    parts.push(`coalesce(${prefix}sandbox_kind, 'bubblewrap') = ${bind(query.sandbox)}`);
  return parts;
}
