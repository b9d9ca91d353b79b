import type { Event } from '../events';
import type { ConversationListItem, ConversationQuery, ConversationRecord, Page } from './event-store';
import { conversationSortSpec, sortMillis } from './conversation-sort';
import { documentScore } from './document-score';
import { makeSnippet } from './make-snippet';
import { messageText } from './message-text';
import { decodePageId, encodePageId, pageIdNumber, pageIdString } from './page-cursor';
import { hasEveryTag } from './has-every-tag';
import { hasParent } from './has-parent';
import { hasSandbox } from './has-sandbox';
import { searchTerms } from './search-terms';

/** What the in-memory store hands the list: a conversation and every event of its log. */
export interface ListSource {
  record: ConversationRecord;
  events: readonly Event[];
}

/** Title hits outrank message hits, as the SQLite store's bm25 column weights do. */
const TITLE_WEIGHT = 10;

/**
 * Lists conversations for the in-memory store with the same rules as SQLite: keyset paging over the
 * sort column, or, with `q`, a ranked search where a document (the title, or one message) must hold
 * every term. Ranking here is a plain count of occurrences; only the order of clear winners is
 * promised to match the SQLite store's bm25.
 */
export function listInMemory(
  sources: readonly ListSource[],
  query: ConversationQuery,
): Page<ConversationListItem> {
  const filtered = sources.filter(
    (source) =>
      (query.status === undefined || source.record.execution_status === query.status) &&
      (query.pinned === undefined || source.record.pinned === query.pinned) &&
      hasEveryTag(source.record.tags, query.tags) &&
      hasParent(source.record, query.parent) &&
      hasSandbox(source.record, query.sandbox),
  );
  return query.q === undefined || query.q.trim() === ''
    ? listSorted(filtered, query)
    : search(filtered, query, query.q);
}

function listSorted(sources: readonly ListSource[], query: ConversationQuery): Page<ConversationListItem> {
  const spec = conversationSortSpec(query.sort);
  const direction = spec.descending ? -1 : 1;
  const key = (record: ConversationRecord) => sortMillis(record[spec.column]);
  const compare = (a: ConversationRecord, b: ConversationRecord) =>
    direction * (key(a) - key(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let rows = sources.map((source) => source.record).sort(compare);
  if (query.page_id !== undefined) {
    const position = decodePageId(query.page_id);
    const after = { t: pageIdNumber(position, 't'), id: pageIdString(position, 'id') };
    rows = rows.filter(
      (record) =>
        direction * (key(record) - after.t || (record.id < after.id ? -1 : record.id > after.id ? 1 : 0)) > 0,
    );
  }
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const next = rows.length > query.limit && last ? encodePageId({ t: key(last), id: last.id }) : null;
  return { items: items.map((record) => structuredClone(record)), next_page_id: next };
}

interface Hit {
  record: ConversationRecord;
  score: number;
  match: NonNullable<ConversationListItem['match']>;
}

function search(
  sources: readonly ListSource[],
  query: ConversationQuery,
  q: string,
): Page<ConversationListItem> {
  const terms = searchTerms(q);
  if (terms.length === 0) return { items: [], next_page_id: null };
  const hits = sources
    .map((source) => scoreConversation(source, terms))
    .filter((hit): hit is Hit => hit !== null)
    .sort((a, b) => b.score - a.score || (a.record.id < b.record.id ? -1 : 1));
  const offset = query.page_id === undefined ? 0 : pageIdNumber(decodePageId(query.page_id), 'o');
  const items = hits.slice(offset, offset + query.limit);
  const next = hits.length > offset + query.limit ? encodePageId({ o: offset + query.limit }) : null;
  return {
    items: items.map((hit) => ({ ...structuredClone(hit.record), match: hit.match })),
    next_page_id: next,
  };
}

function scoreConversation(source: ListSource, terms: readonly string[]): Hit | null {
  const titleScore = TITLE_WEIGHT * documentScore(source.record.title, terms);
  let best: { event: Event; text: string; score: number } | null = null;
  for (const event of source.events) {
    const text = messageText(event);
    if (text === null) continue;
    const score = documentScore(text, terms);
    if (score > 0 && (best === null || score > best.score)) best = { event, text, score };
  }
  if (titleScore === 0 && best === null) return null;
  const match = best
    ? { event_id: best.event.id, seq: best.event.seq, snippet: makeSnippet(best.text, terms) }
    : { event_id: null, seq: null, snippet: makeSnippet(source.record.title, terms) };
  return { record: source.record, score: Math.max(titleScore, best?.score ?? 0), match };
}
