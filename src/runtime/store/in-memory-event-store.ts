import type { Event, NewEvent } from '../events';
import {
  type ConversationPatch,
  type ConversationRecord,
  type EventFilter,
  type EventStore,
  type ForkOptions,
  type NewConversationRecord,
  type Page,
  type PageRequest,
  StoreError,
} from './event-store';
import { eventFilterMatches } from './event-filter-matches';
import { forkRecord } from './fork-record';
import { hasEveryTag } from './has-every-tag';
import { hasParent } from './has-parent';
import { hasSandbox } from './has-sandbox';
import { listInMemory } from './in-memory-conversation-list';
import { messageText } from './message-text';
import { decodePageId, pageIdNumber } from './page-cursor';
import { readInstantPage } from './read-instant-page';
import { stampEvent } from './stamp-event';

export interface InMemoryEventStoreOptions {
  /** Stamps `updated_at`; default real time. */
  clock?: () => Date;
}

interface Conversation {
  record: ConversationRecord;
  events: Event[];
  byId: Map<string, Event>;
  byClientMessageId: Map<string, Event>;
}

/**
 * The in-memory twin of the SQLite store, for fast tests: the same contract (see
 * event-store-contract.ts, run against both), nothing durable. Every returned object is a copy.
 */
export function createInMemoryEventStore(options: InMemoryEventStoreOptions = {}): EventStore {
  const clock = options.clock ?? (() => new Date());
  const conversations = new Map<string, Conversation>();
  const mcpConfigs = new Map<string, string>();

  function get(id: string): Conversation {
    const conversation = conversations.get(id);
    if (!conversation) throw new StoreError('unknown_conversation', `Unknown conversation ${id}`);
    return conversation;
  }

  function appendMany(conversationId: string, newEvents: readonly NewEvent[]): Event[] {
    return appendToConversation(get(conversationId), conversationId, newEvents, now);
  }

  function now(): string {
    return clock().toISOString();
  }

  const store: EventStore = {
    async createConversation(input: NewConversationRecord) {
      if (conversations.has(input.id))
        throw new StoreError('conversation_exists', `Conversation ${input.id} exists`);
      const record: ConversationRecord = {
        ...copy(input),
        updated_at: input.updated_at ?? input.created_at,
        leaf_event_id: null,
        last_seq: -1,
      };
      conversations.set(record.id, { record, events: [], byId: new Map(), byClientMessageId: new Map() });
      return copy(record);
    },
    async getConversation(id) {
      const conversation = conversations.get(id);
      return conversation ? copy(conversation.record) : undefined;
    },
    async updateConversation(id, patch: ConversationPatch, updateOptions = {}) {
      const conversation = get(id);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      conversation.record = { ...conversation.record, ...copy(defined) };
      if (updateOptions.touch !== false) conversation.record.updated_at = now();
      return copy(conversation.record);
    },
    async listConversations(query) {
      const sources = [...conversations.values()].map(({ record, events }) => ({ record, events }));
      return listInMemory(sources, query);
    },
    async countConversations(filter) {
      return [...conversations.values()].filter(
        ({ record }) =>
          (filter.status === undefined || record.execution_status === filter.status) &&
          hasEveryTag(record.tags, filter.tags) &&
          hasParent(record, filter.parent) &&
          hasSandbox(record, filter.sandbox),
      ).length;
    },
    async workspaceDirs() {
      return [...new Set([...conversations.values()].map(({ record }) => record.workspace_dir))];
    },
    async deleteConversation(id) {
      mcpConfigs.delete(id);
      return conversations.delete(id);
    },
    async saveMCPConfig(conversationId, config) {
      if (!conversations.has(conversationId))
        throw new StoreError('unknown_conversation', `Unknown conversation ${conversationId}`);
      if (config === null) mcpConfigs.delete(conversationId);
      else mcpConfigs.set(conversationId, config);
    },
    listMCPConfigs: async () =>
      [...mcpConfigs].map(([conversation_id, config]) => ({ conversation_id, config })),
    async append(conversationId, event) {
      const [appended] = appendMany(conversationId, [event]);
      if (!appended) throw new Error('appendMany returned nothing for one event');
      return appended;
    },
    appendMany: async (conversationId, events) => appendMany(conversationId, events),
    async readEvents(conversationId, range = {}) {
      const events = get(conversationId).events.filter(
        (event) =>
          (range.afterSeq === undefined || event.seq > range.afterSeq) &&
          (range.beforeSeq === undefined || event.seq < range.beforeSeq),
      );
      if (range.order === 'desc') events.reverse();
      return copy(range.limit === undefined ? events : events.slice(0, range.limit));
    },
    async getEvent(conversationId, eventId) {
      const event = conversations.get(conversationId)?.byId.get(eventId);
      return event ? copy(event) : undefined;
    },
    async findByClientMessageId(conversationId, clientMessageId) {
      const event = conversations.get(conversationId)?.byClientMessageId.get(clientMessageId);
      return event ? copy(event) : undefined;
    },
    async searchEvents(conversationId, filter, page): Promise<Page<Event>> {
      return searchEventList(get(conversationId).events, filter, page);
    },
    async countEvents(conversationId, filter) {
      return get(conversationId).events.filter((event) => eventFilterMatches(event, filter)).length;
    },
    async activeBranch(conversationId) {
      const conversation = get(conversationId);
      return copy(pathTo(conversation, conversation.record.leaf_event_id));
    },
    async setLeaf(conversationId, eventId) {
      const conversation = get(conversationId);
      if (eventId !== null && !conversation.byId.has(eventId)) {
        throw new StoreError('unknown_event', `Event ${eventId} is not in conversation ${conversationId}`);
      }
      conversation.record = { ...conversation.record, leaf_event_id: eventId, updated_at: now() };
      return copy(conversation.record);
    },
    async fork(sourceId, forkOptions) {
      const source = get(sourceId);
      if (conversations.has(forkOptions.id)) {
        throw new StoreError('conversation_exists', `Conversation ${forkOptions.id} exists`);
      }
      const from = forkOptions.fromEventId;
      if (from !== undefined && !source.byId.has(from)) {
        throw new StoreError('unknown_event', `Event ${from} is not in conversation ${sourceId}`);
      }
      const fork = forkConversation(source, forkOptions);
      conversations.set(fork.record.id, fork);
      return copy(fork.record);
    },
    async findCorruptRows(conversationId) {
      get(conversationId);
      return [];
    },
    async rebuildSearchIndex() {
      let rows = 0;
      for (const conversation of conversations.values()) {
        rows += 1 + conversation.events.filter((event) => messageText(event) !== null).length;
      }
      return rows;
    },
    async close() {
      conversations.clear();
      mcpConfigs.clear();
    },
  };
  return store;
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

function pathTo(conversation: Conversation, eventId: string | null): Event[] {
  const path: Event[] = [];
  let current = eventId === null ? undefined : conversation.byId.get(eventId);
  while (current) {
    path.push(current);
    current = current.parent_id === undefined ? undefined : conversation.byId.get(current.parent_id);
  }
  return path.reverse();
}

/**
 * Appends to one conversation all or nothing: every event is checked (ids, parents, client message
 * ids) before any is kept. `now` stamps the record's updated_at.
 */
function appendToConversation(
  conversation: Conversation,
  conversationId: string,
  newEvents: readonly NewEvent[],
  now: () => string,
): Event[] {
  const staged: Event[] = [];
  const stagedIds = new Map<string, Event>();
  const stagedClientIds = new Set<string>();
  let leaf = conversation.record.leaf_event_id;
  let seq = conversation.record.last_seq;
  for (const newEvent of newEvents) {
    if (conversation.byId.has(newEvent.id) || stagedIds.has(newEvent.id)) {
      throw new StoreError('duplicate_event_id', `Event ${newEvent.id} already exists`);
    }
    const parent = newEvent.parent_id === undefined ? leaf : newEvent.parent_id;
    if (parent !== null && !conversation.byId.has(parent) && !stagedIds.has(parent)) {
      throw new StoreError('unknown_parent', `Parent ${parent} is not in conversation ${conversationId}`);
    }
    const clientMessageId = newEvent.kind === 'MessageEvent' ? newEvent.client_message_id : undefined;
    if (
      clientMessageId !== undefined &&
      (conversation.byClientMessageId.has(clientMessageId) || stagedClientIds.has(clientMessageId))
    ) {
      throw new StoreError(
        'duplicate_client_message_id',
        `client_message_id ${clientMessageId} already used`,
      );
    }
    seq += 1;
    const event = stampEvent(newEvent, seq, parent);
    staged.push(event);
    stagedIds.set(event.id, event);
    if (clientMessageId !== undefined) stagedClientIds.add(clientMessageId);
    if (event.kind !== 'ConversationStateUpdateEvent') leaf = event.id;
  }
  for (const event of staged) {
    conversation.events.push(event);
    conversation.byId.set(event.id, event);
    if (event.kind === 'MessageEvent' && event.client_message_id !== undefined) {
      conversation.byClientMessageId.set(event.client_message_id, event);
    }
  }
  if (staged.length > 0) {
    conversation.record = { ...conversation.record, leaf_event_id: leaf, last_seq: seq, updated_at: now() };
  }
  return copy(staged);
}

/** The fork of a conversation: its events up to `fromEventId` (all of them without), renumbered from 0. */
function forkConversation(source: Conversation, forkOptions: ForkOptions): Conversation {
  const from = forkOptions.fromEventId;
  const copied = (from === undefined ? source.events : pathTo(source, from)).map((event, seq) => ({
    ...copy(event),
    seq,
  }));
  const record = forkRecord(source.record, forkOptions, {
    leafEventId: from ?? source.record.leaf_event_id,
    lastSeq: copied.length - 1,
  });
  const fork: Conversation = { record, events: copied, byId: new Map(), byClientMessageId: new Map() };
  for (const event of copied) {
    fork.byId.set(event.id, event);
    if (event.kind === 'MessageEvent' && event.client_message_id !== undefined) {
      fork.byClientMessageId.set(event.client_message_id, event);
    }
  }
  return fork;
}

/** One page of a conversation's events that match a filter, in seq order or its reverse. */
async function searchEventList(
  events: readonly Event[],
  filter: EventFilter,
  page: PageRequest,
): Promise<Page<Event>> {
  const descending = page.order === 'desc';
  const matching = events.filter((event) => eventFilterMatches(event, filter));
  if (descending) matching.reverse();
  const cursor = page.page_id === undefined ? null : pageIdNumber(decodePageId(page.page_id), 's');
  const read = async (after: number | null, count: number) => {
    const from =
      after === null
        ? 0
        : matching.findIndex((event) => (descending ? event.seq < after : event.seq > after));
    return from < 0 ? [] : matching.slice(from, from + count);
  };
  const result = await readInstantPage(read, cursor, page.limit);
  return { items: copy(result.items), next_page_id: result.next_page_id };
}
