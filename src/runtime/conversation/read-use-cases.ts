import type { ConversationService } from './conversation-service';
import { exportConversation } from './export-conversation';
import { mapStoreErrors } from './map-store-errors';
import { readModelContext } from './read-model-context';
import { RuntimeError } from '../errors/runtime-error';
import type { ServiceContext } from './service-context';
import { subscribeFromStore } from './subscribe-from-store';

type ReadUseCases = Pick<
  ConversationService,
  | 'get'
  | 'search'
  | 'count'
  | 'workspaces'
  | 'searchEvents'
  | 'countEvents'
  | 'getEvent'
  | 'readEvents'
  | 'exportConversation'
  | 'subscribe'
  | 'modelContext'
>;

/** What one may read of conversations: lists and search, events, exports, the live feed, the model's context. */
export function createReadUseCases(context: ServiceContext): ReadUseCases {
  const { deps, store, registry, secrets, requireRecord } = context;
  return {
    get: async (id) => context.infoWithChildren(await requireRecord(id)),
    async search(query) {
      await context.recovered;
      const page = await store.listConversations({
        ...(query.q ? { q: query.q } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.pinned !== undefined ? { pinned: query.pinned } : {}),
        ...(query.tag ? { tags: query.tag } : {}),
        ...(query.page_id ? { page_id: query.page_id } : {}),
        ...(query.include_children ? {} : { parent: null }),
        limit: query.limit,
        sort: query.sort_order,
      });
      const items = [];
      for (const { match, ...record } of page.items)
        items.push({ ...(await context.info(record)), ...(match ? { match } : {}) });
      return { items, next_page_id: page.next_page_id };
    },
    async count(filter) {
      await context.recovered;
      return store.countConversations({
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.tag ? { tags: filter.tag } : {}),
        ...(filter.include_children ? {} : { parent: null }),
      });
    },
    workspaces: () => store.workspaceDirs(),
    async searchEvents(id, filter, page) {
      await requireRecord(id);
      return mapStoreErrors(() => store.searchEvents(id, filter, page));
    },
    async countEvents(id, filter) {
      await requireRecord(id);
      return store.countEvents(id, filter);
    },
    async getEvent(id, eventId) {
      await requireRecord(id);
      const event = await store.getEvent(id, eventId);
      if (!event) throw new RuntimeError('event_not_found');
      return event;
    },
    async readEvents(id, range) {
      await requireRecord(id);
      return store.readEvents(id, range);
    },
    async exportConversation(id, format) {
      const record = await requireRecord(id);
      // Redacted again on the way out: events stored before a secret was known, or before this
      // version, must not leave in a file either.
      return exportConversation(
        await context.info(record),
        await store.activeBranch(id),
        format,
        (value) => secrets.redactDeep(value, id),
        await store.findCorruptRows(id),
      );
    },
    async subscribe(id, listener) {
      let live: Awaited<ReturnType<typeof registry.acquire>>;
      try {
        live = await registry.acquire(id);
      } catch (error) {
        // Run by another runtime: follow what it commits, through the shared database.
        if (!(error instanceof RuntimeError && error.code === 'conversation_elsewhere') || !deps.appendFeed)
          throw error;
        return subscribeFromStore(id, listener, {
          store,
          feed: deps.appendFeed,
          info: context.infoWithChildren,
          requireRecord,
        });
      }
      // One synchronous step: attach, then read where "now" is (see ConversationService.subscribe).
      const unsubscribe = live.log.subscribe(listener);
      const throughSeq = live.log.publishedSeq();
      const record = live.log.record();
      return {
        state: await context.infoWithChildren(record),
        throughSeq,
        ended: live.log.ended,
        unsubscribe() {
          unsubscribe();
          registry.release(id);
        },
      };
    },
    modelContext: (id) =>
      readModelContext(
        {
          requireRecord,
          branchOf: context.branchOf,
          settings: deps.settings,
          secrets,
          contextWindows: context.condenser.contextWindows,
        },
        id,
      ),
  };
}
