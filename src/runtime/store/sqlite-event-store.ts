import type Database from 'better-sqlite3';
import type { Event, NewEvent } from '../events';
import {
  type ConversationRecord,
  type CorruptRow,
  type EventStore,
  type NewConversationRecord,
  StoreError,
} from './event-store';
import { forkRecord } from './fork-record';
import { withIoErrors } from './map-sqlite-error';
import { messageText } from './message-text';
import { openSqliteDatabase } from './open-sqlite-database';
import { createSqliteMCPConfigs } from './sqlite-mcp-configs';
import { stampEvent } from './stamp-event';
import { createSqliteConversationList } from './sqlite-conversation-list';
import { type ConversationRow, conversationParams, conversationRecord } from './sqlite-conversation-row';
import { createEventRowReader, type EventRow, parseEventRow } from './sqlite-event-row';
import { createSqliteEventSearch } from './sqlite-event-search';
import { prepareStatements } from './sqlite-statements';

export interface SqliteEventStoreOptions {
  /** Called once per corrupt or unknown-kind row met while reading; the row is skipped. */
  onCorruptRow?(info: CorruptRow): void;
  /** Stamps `updated_at`; default real time. */
  clock?: () => Date;
}

const NO_UPPER_BOUND = Number.MAX_SAFE_INTEGER;

/** The real EventStore: one SQLite database file (see open-sqlite-database.ts for its durability). */
export function openSqliteEventStore(path: string, options: SqliteEventStoreOptions = {}): EventStore {
  return sqliteEventStoreOn(openSqliteDatabase(path), options);
}

/**
 * The store over an already opened and migrated database (openSqliteDatabase). Takes ownership: close()
 * closes it. Every method runs in one transaction and maps disk failures to StoreError `io`.
 */
export function sqliteEventStoreOn(db: Database.Database, options: SqliteEventStoreOptions = {}): EventStore {
  const clock = options.clock ?? (() => new Date());
  const statements = prepareStatements(db);
  const readRows = createEventRowReader(options.onCorruptRow ?? (() => undefined));
  const eventSearch = createSqliteEventSearch(db, readRows);
  const conversationList = createSqliteConversationList(db);
  const mcpConfigs = createSqliteMCPConfigs(db);

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
    async createConversation(input: NewConversationRecord) {
      const record: ConversationRecord = {
        ...input,
        updated_at: input.updated_at ?? input.created_at,
        leaf_event_id: null,
        last_seq: -1,
      };
      withIoErrors(() => createConversation.immediate(record));
      return structuredClone(record);
    },
    async getConversation(id) {
      const found = withIoErrors(() => statements.selectConversation.get(id)) as ConversationRow | undefined;
      return found ? conversationRecord(found) : undefined;
    },
    async updateConversation(id, patch, updateOptions = {}) {
      return withIoErrors(() => {
        const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
        const record = { ...conversationRecord(row(id)), ...structuredClone(defined) };
        if (updateOptions.touch !== false) record.updated_at = stamp().updated_at;
        updateConversation.immediate(id, record);
        return record;
      });
    },
    listConversations: async (query) => withIoErrors(() => conversationList.list(query)),
    async countConversations(filter) {
      return withIoErrors(() => conversationList.count(filter));
    },
    workspaceDirs: async () =>
      withIoErrors(() =>
        (distinctWorkspaces.all() as { workspace_dir: string }[]).map((row) => row.workspace_dir),
      ),
    deleteConversation: async (id) => withIoErrors(() => deleteConversation.immediate(id)),
    async append(conversationId, event) {
      const [appended] = withIoErrors(() => appendMany.immediate(conversationId, [event]));
      if (!appended) throw new Error('appendMany returned nothing for one event');
      return appended;
    },
    appendMany: async (conversationId, events) =>
      withIoErrors(() => appendMany.immediate(conversationId, events)),
    async readEvents(conversationId, range = {}) {
      return withIoErrors(() => {
        row(conversationId);
        const statement = range.order === 'desc' ? statements.readDescending : statements.readAscending;
        const rows = statement.all(
          conversationId,
          range.afterSeq ?? -1,
          range.beforeSeq ?? NO_UPPER_BOUND,
          range.limit ?? -1,
        ) as EventRow[];
        return readRows(conversationId, rows);
      });
    },
    getEvent: async (conversationId, eventId) =>
      withIoErrors(() => one(conversationId, statements.readById.get(conversationId, eventId))),
    findByClientMessageId: async (conversationId, clientMessageId) =>
      withIoErrors(() =>
        one(conversationId, statements.readByClientMessageId.get(conversationId, clientMessageId)),
      ),
    async searchEvents(conversationId, filter, page) {
      return withIoErrors(() => {
        row(conversationId);
        return eventSearch.search(conversationId, filter, page);
      });
    },
    async countEvents(conversationId, filter) {
      return withIoErrors(() => {
        row(conversationId);
        return eventSearch.count(conversationId, filter);
      });
    },
    async activeBranch(conversationId) {
      return withIoErrors(() => {
        const leaf = row(conversationId).leaf_event_id;
        if (leaf === null) return [];
        return readRows(
          conversationId,
          statements.readPath.all({ cid: conversationId, event_id: leaf }) as EventRow[],
        );
      });
    },
    async setLeaf(conversationId, eventId) {
      return withIoErrors(() => {
        row(conversationId);
        if (eventId !== null && statements.eventExists.get(conversationId, eventId) === undefined) {
          throw new StoreError('unknown_event', `Event ${eventId} is not in conversation ${conversationId}`);
        }
        statements.setLeaf.run({ id: conversationId, leaf: eventId, ...stamp() });
        return conversationRecord(row(conversationId));
      });
    },
    fork: async (sourceId, forkOptions) => withIoErrors(() => fork.immediate(sourceId, forkOptions)),
    async findCorruptRows(conversationId) {
      return withIoErrors(() => {
        row(conversationId);
        const corrupt: CorruptRow[] = [];
        for (const stored of statements.readAll.iterate(conversationId) as Iterable<EventRow>) {
          const result = parseEventRow(stored);
          if (!result.ok) corrupt.push({ conversationId, seq: stored.seq, error: result.error });
        }
        return corrupt;
      });
    },
    rebuildSearchIndex: async () => withIoErrors(() => rebuildSearchIndex.immediate()),
    async saveMCPConfig(conversationId, config) {
      withIoErrors(() => {
        row(conversationId);
        mcpConfigs.save(conversationId, config);
      });
    },
    listMCPConfigs: async () => withIoErrors(() => mcpConfigs.list()),
    async close() {
      if (db.open) db.close();
    },
  };
}
