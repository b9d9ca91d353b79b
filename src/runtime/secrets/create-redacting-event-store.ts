import type { ConversationPatch, EventStore, NewConversationRecord } from '../store/event-store';
import type { SecretRegistry } from './create-secret-registry';

/**
 * The store as the conversation service sees it: every event (all its string fields: messages,
 * observations, tool arguments, thoughts, summaries) and every title and tag is redacted before it is
 * written. Since the database, its WAL, the durable frames, REST, exports, the search index and the
 * model's input are all read from what was written, none of them can hold a known secret. Reads pass
 * through unchanged. Same contract as EventStore otherwise.
 */
export function createRedactingEventStore(store: EventStore, secrets: SecretRegistry): EventStore {
  const redactPatch = <P extends Pick<ConversationPatch, 'title' | 'tags'>>(patch: P, id: string): P => ({
    ...patch,
    ...(patch.title !== undefined ? { title: secrets.redact(patch.title, id) } : {}),
    ...(patch.tags !== undefined ? { tags: secrets.redactDeep(patch.tags, id) } : {}),
  });

  return {
    ...bindAll(store),
    createConversation: (input: NewConversationRecord) =>
      store.createConversation(redactPatch(input, input.id)),
    updateConversation: (id, patch, options) => store.updateConversation(id, redactPatch(patch, id), options),
    append: (conversationId, event) =>
      store.append(conversationId, secrets.redactDeep(event, conversationId)),
    appendMany: (conversationId, events) =>
      store.appendMany(
        conversationId,
        events.map((event) => secrets.redactDeep(event, conversationId)),
      ),
    fork: (sourceId, options) =>
      store.fork(sourceId, { ...options, title: secrets.redact(options.title, sourceId) }),
  };
}

/** The store's methods bound to it, so spreading keeps `this` for class-based stores. */
function bindAll(store: EventStore): EventStore {
  return {
    createConversation: store.createConversation.bind(store),
    getConversation: store.getConversation.bind(store),
    updateConversation: store.updateConversation.bind(store),
    listConversations: store.listConversations.bind(store),
    countConversations: store.countConversations.bind(store),
    workspaceDirs: store.workspaceDirs.bind(store),
    deleteConversation: store.deleteConversation.bind(store),
    append: store.append.bind(store),
    appendMany: store.appendMany.bind(store),
    readEvents: store.readEvents.bind(store),
    getEvent: store.getEvent.bind(store),
    findByClientMessageId: store.findByClientMessageId.bind(store),
    searchEvents: store.searchEvents.bind(store),
    countEvents: store.countEvents.bind(store),
    activeBranch: store.activeBranch.bind(store),
    setLeaf: store.setLeaf.bind(store),
    fork: store.fork.bind(store),
    findCorruptRows: store.findCorruptRows.bind(store),
    rebuildSearchIndex: store.rebuildSearchIndex.bind(store),
    saveMCPConfig: store.saveMCPConfig.bind(store),
    listMCPConfigs: store.listMCPConfigs.bind(store),
    close: store.close.bind(store),
  };
}
