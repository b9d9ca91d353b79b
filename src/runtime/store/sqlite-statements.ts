import type Database from 'better-sqlite3';
import { SLOTS, TITLE_SLOT } from './search-rowid';

const CONVERSATION_COLUMNS = `id, title, title_source, created_at, created_ms, updated_at, updated_ms, workspace_dir,
  execution_status, leaf_event_id, last_seq, forked_from_conversation_id, forked_from_event_id, pinned, settings,
  sandbox_kind, sandbox_image`;
const CONVERSATION_VALUES = CONVERSATION_COLUMNS.split(',')
  .map((column) => `@${column.trim()}`)
  .join(', ');
const CONVERSATION_ASSIGNMENTS = CONVERSATION_COLUMNS.split(',')
  .map((column) => `${column.trim()} = @${column.trim()}`)
  .join(', ');

/** The path from an event (@cid, @event_id) to its root, as (seq, depth) with the event at depth 0. */
const PATH_TO_ROOT = `path (seq, parent_id, depth) AS (
    SELECT seq, parent_id, 0 FROM events WHERE conversation_id = @cid AND id = @event_id
    UNION ALL
    SELECT e.seq, e.parent_id, p.depth + 1 FROM path p
      JOIN events e ON e.conversation_id = @cid AND e.id = p.parent_id
  )`;

/** Every fixed statement of the SQLite store, prepared once when the store opens. */
export function prepareStatements(db: Database.Database) {
  const sql = (text: string) => db.prepare(text);
  return {
    insertConversation: sql(
      `INSERT INTO conversations (${CONVERSATION_COLUMNS}) VALUES (${CONVERSATION_VALUES})`,
    ),
    updateConversation: sql(`UPDATE conversations SET ${CONVERSATION_ASSIGNMENTS} WHERE id = @id`),
    selectConversation: sql('SELECT * FROM conversations WHERE id = ?'),
    deleteConversation: sql('DELETE FROM conversations WHERE id = ?'),
    afterAppend: sql(
      'UPDATE conversations SET leaf_event_id = @leaf, last_seq = @seq, updated_at = @updated_at, updated_ms = @updated_ms WHERE id = @id',
    ),
    setLeaf: sql(
      'UPDATE conversations SET leaf_event_id = @leaf, updated_at = @updated_at, updated_ms = @updated_ms WHERE id = @id',
    ),

    insertEvent: sql(`INSERT INTO events
      (conversation_id, seq, id, kind, source, parent_id, timestamp, json, message_text, client_message_id)
      VALUES (@cid, @seq, @id, @kind, @source, @parent_id, @timestamp, @json, @message_text, @client_message_id)`),
    eventExists: sql('SELECT 1 FROM events WHERE conversation_id = ? AND id = ?').pluck(),
    clientMessageIdExists: sql(
      'SELECT 1 FROM events WHERE conversation_id = ? AND client_message_id = ?',
    ).pluck(),
    readAscending: sql(
      'SELECT seq, json FROM events WHERE conversation_id = ? AND seq > ? AND seq < ? ORDER BY seq ASC LIMIT ?',
    ),
    readDescending: sql(
      'SELECT seq, json FROM events WHERE conversation_id = ? AND seq > ? AND seq < ? ORDER BY seq DESC LIMIT ?',
    ),
    readById: sql('SELECT seq, json FROM events WHERE conversation_id = ? AND id = ?'),
    readByClientMessageId: sql(
      'SELECT seq, json FROM events WHERE conversation_id = ? AND client_message_id = ?',
    ),
    readAll: sql('SELECT seq, json FROM events WHERE conversation_id = ? ORDER BY seq'),
    readPath: sql(`WITH RECURSIVE ${PATH_TO_ROOT}
      SELECT e.seq, e.json FROM path p JOIN events e ON e.conversation_id = @cid AND e.seq = p.seq
      ORDER BY p.depth DESC`),

    copyPath: sql(`WITH RECURSIVE ${PATH_TO_ROOT}
      INSERT INTO events (conversation_id, seq, id, kind, source, parent_id, timestamp, json, message_text, client_message_id)
      SELECT @new_cid, count(*) OVER () - 1 - p.depth, e.id, e.kind, e.source, e.parent_id, e.timestamp, e.json,
        e.message_text, e.client_message_id
      FROM path p JOIN events e ON e.conversation_id = @cid AND e.seq = p.seq
      ORDER BY p.depth DESC`),
    copyLog: sql(`INSERT INTO events
      (conversation_id, seq, id, kind, source, parent_id, timestamp, json, message_text, client_message_id)
      SELECT @new_cid, seq, id, kind, source, parent_id, timestamp, json, message_text, client_message_id
      FROM events WHERE conversation_id = @cid ORDER BY seq`),

    indexMessage: sql(`INSERT INTO search_index (rowid, body) VALUES (@row * ${SLOTS} + @seq, @text)`),
    indexConversationMessages: sql(`INSERT INTO search_index (rowid, body)
      SELECT @row * ${SLOTS} + seq, message_text FROM events
      WHERE conversation_id = @cid AND message_text IS NOT NULL`),
    indexTitle: sql(
      `INSERT INTO search_index (rowid, title) VALUES (@row * ${SLOTS} + ${TITLE_SLOT}, @title)`,
    ),
    unindexTitle: sql(`DELETE FROM search_index WHERE rowid = @row * ${SLOTS} + ${TITLE_SLOT}`),
    unindexConversation: sql(
      `DELETE FROM search_index WHERE rowid BETWEEN @row * ${SLOTS} AND @row * ${SLOTS} + ${TITLE_SLOT}`,
    ),
    clearIndex: sql(`INSERT INTO search_index (search_index) VALUES ('delete-all')`),
    indexAllTitles: sql(`INSERT INTO search_index (rowid, title)
      SELECT row_id * ${SLOTS} + ${TITLE_SLOT}, title FROM conversations`),
    indexAllMessages: sql(`INSERT INTO search_index (rowid, body)
      SELECT c.row_id * ${SLOTS} + e.seq, e.message_text FROM events e JOIN conversations c ON c.id = e.conversation_id
      WHERE e.message_text IS NOT NULL`),
  };
}

export type SqliteStatements = ReturnType<typeof prepareStatements>;
