import type Database from 'better-sqlite3';
import type { ConversationFilter, ConversationListItem, ConversationQuery, Page } from './event-store';
import { hasEveryTag } from './has-every-tag';
import { hasParent } from './has-parent';
import { hasSandbox } from './has-sandbox';
import { conversationSortSpec } from './conversation-sort';
import { documentScore } from './document-score';
import { makeSnippet } from './make-snippet';
import { sortedPage } from './sorted-page';
import { decodePageId, encodePageId, pageIdNumber, pageIdString } from './page-cursor';
import { TITLE_SLOT } from './search-rowid';
import { ftsMatchExpression, searchTerms } from './search-terms';
import { type ConversationRow, conversationRecord } from './sqlite-conversation-row';

/** bm25 column weights: a hit in a title counts ten times a hit in a message. */
const TITLE_WEIGHT = 10;
const BODY_WEIGHT = 1;
interface RankedDocument {
  conversation_row: number;
  slot: number;
}

interface RankedConversation {
  row: ConversationRow;
  messageSlot: number | null;
}

/** How many of the newest matching documents a search ranks at first (see search()). */
export const RANK_WINDOW = 20_000;

/**
 * The conversation list of the SQLite store. Without `q`: keyset paging on (sort column, id), so rows
 * created or updated between pages are neither repeated nor skipped among those already ordered.
 * With `q`: FTS5 over titles and message text, every term quoted (never an operator), ranked by bm25
 * with title hits weighted up, a conversation ranked by its best document and its best message giving
 * `match`; pages by offset, since a ranking has no stable key.
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
    return sortedPage(prepared(sql).all(values) as ConversationRow[], query.limit, column);
  }

  const topDocuments = db.prepare(`SELECT rowid >> 32 AS conversation_row, rowid & ${TITLE_SLOT} AS slot
    FROM search_index WHERE search_index MATCH @match AND rowid >= coalesce((
      SELECT min(document) FROM (
        SELECT rowid AS document FROM search_index WHERE search_index MATCH @match ORDER BY rowid DESC LIMIT @window
      )), 0)
    ORDER BY bm25(search_index, ${TITLE_WEIGHT}, ${BODY_WEIGHT}) LIMIT @limit`);
  const windowCount = db
    .prepare(`SELECT count(*) FROM (
    SELECT rowid FROM search_index WHERE search_index MATCH @match ORDER BY rowid DESC LIMIT @window)`)
    .pluck();
  const messagesOf = db.prepare(
    'SELECT seq, message_text FROM events WHERE conversation_id = ? AND message_text IS NOT NULL ORDER BY seq',
  );
  const conversationByRow = db.prepare('SELECT * FROM conversations WHERE row_id = ?');

  /**
   * Conversations rank by their best document, so walking documents best first and keeping each
   * conversation at its first appearance ranks them exactly. Only the top documents are fetched (FTS5
   * keeps a top-k heap instead of sorting every hit); when they hold too few conversations, more.
   * bm25 costs a lookup per matching document, so a word found in hundreds of thousands of messages
   * would take seconds: ranking looks at the newest RANK_WINDOW matching documents (newest
   * conversations first), widening only when a deep page needs more. Rare words are unaffected.
   */
  function search(query: ConversationQuery, q: string): Page<ConversationListItem> {
    const terms = searchTerms(q);
    if (terms.length === 0) return { items: [], next_page_id: null };
    const match = ftsMatchExpression(terms);
    const offset = query.page_id === undefined ? 0 : pageIdNumber(decodePageId(query.page_id), 'o');
    const needed = offset + query.limit + 1;
    let fetch = Math.max(200, needed * 10);
    let window = Math.max(RANK_WINDOW, fetch);
    let ranked: RankedConversation[] = [];
    for (;;) {
      const documents = topDocuments.all({ match, limit: fetch, window }) as RankedDocument[];
      ranked = rankConversations(documents, query);
      if (ranked.length >= needed) break;
      if (documents.length === fetch) fetch *= 4;
      else if ((windowCount.get({ match, window }) as number) < window) break;
      else window *= 4;
    }
    const items = ranked.slice(offset, offset + query.limit).map(({ row, messageSlot }) => {
      const slot = messageSlot ?? bestMessageSlot(row.id, terms);
      return { ...conversationRecord(row), match: matchOf(row, slot ?? TITLE_SLOT, terms) };
    });
    return {
      items,
      next_page_id: ranked.length > offset + query.limit ? encodePageId({ o: offset + query.limit }) : null,
    };
  }

  /**
   * For a conversation that ranked by its title: the message to point at anyway. Asking FTS5 for the
   * best hit within one conversation's rowid range still walks the term's whole doclist (tens of ms
   * for a common word), so its few messages are scored here instead.
   */
  function bestMessageSlot(conversationId: string, terms: readonly string[]): number | null {
    let best: { seq: number; score: number } | null = null;
    for (const message of messagesOf.iterate(conversationId) as Iterable<{
      seq: number;
      message_text: string;
    }>) {
      const score = documentScore(message.message_text, terms);
      if (score > 0 && (best === null || score > best.score)) best = { seq: message.seq, score };
    }
    return best?.seq ?? null;
  }

  function rankConversations(
    documents: readonly { conversation_row: number; slot: number }[],
    query: ConversationQuery,
  ) {
    const byRow = new Map<number, { row: ConversationRow; messageSlot: number | null } | null>();
    const ranked: { row: ConversationRow; messageSlot: number | null }[] = [];
    for (const document of documents) {
      const seen = byRow.get(document.conversation_row);
      if (seen === null) continue;
      if (seen) {
        if (seen.messageSlot === null && document.slot !== TITLE_SLOT) seen.messageSlot = document.slot;
        continue;
      }
      const row = conversationByRow.get(document.conversation_row) as ConversationRow | undefined;
      const passes =
        row !== undefined &&
        (query.status === undefined || row.execution_status === query.status) &&
        (query.pinned === undefined || row.pinned === (query.pinned ? 1 : 0)) &&
        hasEveryTag(conversationRecord(row).tags, query.tags) &&
        hasParent(conversationRecord(row), query.parent) &&
        hasSandbox(conversationRecord(row), query.sandbox);
      if (!row || !passes) {
        byRow.set(document.conversation_row, null);
        continue;
      }
      const entry = { row, messageSlot: document.slot === TITLE_SLOT ? null : document.slot };
      byRow.set(document.conversation_row, entry);
      ranked.push(entry);
    }
    return ranked;
  }

  function matchOf(row: ConversationRow, slot: number, terms: readonly string[]) {
    if (slot !== TITLE_SLOT) {
      const event = messageText.get(row.id, slot) as { id: string; message_text: string } | undefined;
      if (event) return { event_id: event.id, seq: slot, snippet: makeSnippet(event.message_text, terms) };
    }
    return { event_id: null, seq: null, snippet: makeSnippet(row.title, terms) };
  }

  return {
    list(query: ConversationQuery): Page<ConversationListItem> {
      return query.q === undefined || query.q.trim() === '' ? listSorted(query) : search(query, query.q);
    },
    count(filter: ConversationFilter): number {
      const where = filters(filter, '');
      const sql = `SELECT count(*) FROM conversations${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
      return prepared(sql).pluck().get(filterParams(filter)) as number;
    },
  };
}

/** The WHERE conditions of a filter, on the conversations table (columns prefixed by `prefix`). */
function filters(query: ConversationFilter & { pinned?: boolean }, prefix: string): string[] {
  const parts: string[] = [];
  if (query.status !== undefined) parts.push(`${prefix}execution_status = @status`);
  if (query.pinned !== undefined) parts.push(`${prefix}pinned = @pinned`);
  if (query.tags !== undefined && query.tags.length > 0)
    parts.push(
      `NOT EXISTS (SELECT 1 FROM json_each(@tags) AS wanted WHERE wanted.value NOT IN (SELECT value FROM json_each(${prefix}settings, '$.tags')))`,
    );
  if (query.parent === null) parts.push(`json_extract(${prefix}settings, '$.parent') IS NULL`);
  else if (query.parent !== undefined)
    parts.push(`json_extract(${prefix}settings, '$.parent.conversation_id') = @parent`);
  // Rows written before the sandbox was stored ran in bubblewrap.
  if (query.sandbox !== undefined) parts.push(`coalesce(${prefix}sandbox_kind, 'bubblewrap') = @sandbox`);
  return parts;
}

/** The named parameters the conditions of filters() bind. */
function filterParams(query: ConversationFilter & { pinned?: boolean }): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  if (query.status !== undefined) values.status = query.status;
  if (query.pinned !== undefined) values.pinned = query.pinned ? 1 : 0;
  if (query.tags !== undefined && query.tags.length > 0) values.tags = JSON.stringify(query.tags);
  if (typeof query.parent === 'string') values.parent = query.parent;
  if (query.sandbox !== undefined) values.sandbox = query.sandbox;
  return values;
}
