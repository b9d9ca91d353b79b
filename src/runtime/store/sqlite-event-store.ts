import type Database from 'better-sqlite3';
import {
  type ConversationRecord,
  type CorruptRow,
  type EventStore,
  type NewConversationRecord,
  StoreError,
} from './event-store';
import { withIoErrors } from './map-sqlite-error';
import { openSqliteDatabase } from './open-sqlite-database';
import { createSqliteMCPConfigs } from './sqlite-mcp-configs';
import { createSqliteConversationList } from './sqlite-conversation-list';
import { type ConversationRow, conversationRecord } from './sqlite-conversation-row';
import { createEventRowReader, type EventRow, parseEventRow } from './sqlite-event-row';
import { createSqliteEventSearch } from './sqlite-event-search';
import { prepareStatements } from './sqlite-statements';
import { createSqliteTransactions } from './sqlite-transactions';

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

  const {
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
  } = createSqliteTransactions(db, statements, clock, readRows);

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
