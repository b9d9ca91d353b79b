import type Database from 'better-sqlite3';
import type { Event, NewEvent } from '../events';
import { type ConversationRecord, type EventStore, StoreError } from './event-store';
import { forkRecord } from './fork-record';
import { messageText } from './message-text';
import { type ConversationRow, conversationParams, conversationRecord } from './sqlite-conversation-row';
import type { EventRow } from './sqlite-event-row';
import type { prepareStatements } from './sqlite-statements';
import { stampEvent } from './stamp-event';

/**
 * The SQLite store's transactions and row lookups, over its prepared statements: each write is one
 * better-sqlite3 transaction (run it with `.immediate`), throwing StoreError for what the contract
 * refuses. The store (sqlite-event-store.ts) maps disk failures around them.
 */
export function createSqliteTransactions(
  db: Database.Database,
  statements: ReturnType<typeof prepareStatements>,
  clock: () => Date,
  readRows: (conversationId: string, rows: readonly EventRow[]) => Event[],
) {
  function row(id: string): ConversationRow {
    const found = statements.selectConversation.get(id) as ConversationRow | undefined;
    if (!found) throw new StoreError('unknown_conversation', `Unknown conversation ${id}`);
    return found;
  }

  function one(conversationId: string, found: unknown): Event | undefined {
    return found === undefined ? undefined : readRows(conversationId, [found as EventRow])[0];
  }

  function stamp(): { updated_at: string; updated_ms: number } {
    const now = clock();
    return { updated_at: now.toISOString(), updated_ms: now.getTime() };
  }

  const appendMany = db.transaction((conversationId: string, newEvents: readonly NewEvent[]): Event[] => {
    const conversation = row(conversationId);
    let leaf = conversation.leaf_event_id;
    let seq = conversation.last_seq;
    const appended: Event[] = [];
    for (const newEvent of newEvents) {
      if (statements.eventExists.get(conversationId, newEvent.id) !== undefined) {
        throw new StoreError('duplicate_event_id', `Event ${newEvent.id} already exists`);
      }
      const parent = newEvent.parent_id === undefined ? leaf : newEvent.parent_id;
      if (parent !== null && statements.eventExists.get(conversationId, parent) === undefined) {
        throw new StoreError('unknown_parent', `Parent ${parent} is not in conversation ${conversationId}`);
      }
      const clientMessageId = newEvent.kind === 'MessageEvent' ? (newEvent.client_message_id ?? null) : null;
      if (
        clientMessageId !== null &&
        statements.clientMessageIdExists.get(conversationId, clientMessageId) !== undefined
      ) {
        throw new StoreError(
          'duplicate_client_message_id',
          `client_message_id ${clientMessageId} already used`,
        );
      }
      seq += 1;
      const event = stampEvent(newEvent, seq, parent);
      const { seq: _column, ...stored } = event;
      const text = messageText(event);
      statements.insertEvent.run({
        cid: conversationId,
        seq,
        id: event.id,
        kind: event.kind,
        source: event.source,
        parent_id: parent,
        timestamp: event.timestamp,
        json: JSON.stringify(stored),
        message_text: text,
        client_message_id: clientMessageId,
      });
      if (text !== null) statements.indexMessage.run({ row: conversation.row_id, seq, text });
      if (event.kind !== 'ConversationStateUpdateEvent') leaf = event.id;
      appended.push(event);
    }
    if (appended.length > 0) statements.afterAppend.run({ id: conversationId, leaf, seq, ...stamp() });
    return appended;
  });

  const createConversation = db.transaction((record: ConversationRecord) => {
    if (statements.selectConversation.get(record.id) !== undefined) {
      throw new StoreError('conversation_exists', `Conversation ${record.id} exists`);
    }
    const { lastInsertRowid } = statements.insertConversation.run(conversationParams(record));
    statements.indexTitle.run({ row: lastInsertRowid, title: record.title });
    return lastInsertRowid;
  });

  const updateConversation = db.transaction((id: string, record: ConversationRecord) => {
    const before = row(id);
    statements.updateConversation.run(conversationParams(record));
    if (before.title !== record.title) {
      statements.unindexTitle.run({ row: before.row_id });
      statements.indexTitle.run({ row: before.row_id, title: record.title });
    }
  });

  const distinctWorkspaces = db.prepare('SELECT DISTINCT workspace_dir FROM conversations');
  const deleteConversation = db.transaction((id: string): boolean => {
    const found = statements.selectConversation.get(id) as ConversationRow | undefined;
    if (!found) return false;
    statements.unindexConversation.run({ row: found.row_id });
    statements.deleteConversation.run(id);
    return true;
  });

  const fork = db.transaction((sourceId: string, forkOptions: Parameters<EventStore['fork']>[1]) => {
    const source = conversationRecord(row(sourceId));
    if (statements.selectConversation.get(forkOptions.id) !== undefined) {
      throw new StoreError('conversation_exists', `Conversation ${forkOptions.id} exists`);
    }
    const from = forkOptions.fromEventId;
    if (from !== undefined && statements.eventExists.get(sourceId, from) === undefined) {
      throw new StoreError('unknown_event', `Event ${from} is not in conversation ${sourceId}`);
    }
    const draft = forkRecord(source, forkOptions, { leafEventId: from ?? source.leaf_event_id, lastSeq: -1 });
    const newRow = createConversation(draft);
    const copied =
      from === undefined
        ? statements.copyLog.run({ cid: sourceId, new_cid: draft.id })
        : statements.copyPath.run({ cid: sourceId, new_cid: draft.id, event_id: from });
    const record = { ...draft, last_seq: copied.changes - 1 };
    statements.updateConversation.run(conversationParams(record));
    statements.indexConversationMessages.run({ row: newRow, cid: draft.id });
    return record;
  });

  const rebuildSearchIndex = db.transaction((): number => {
    statements.clearIndex.run();
    return statements.indexAllTitles.run().changes + statements.indexAllMessages.run().changes;
  });

  return {
    row,
    one,
    stamp,
    appendMany,
    createConversation,
    updateConversation,
    distinctWorkspaces,
    deleteConversation,
    fork,
    rebuildSearchIndex,
  };
}
