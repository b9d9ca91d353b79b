import type { ConversationRecord, EventStore } from '../store/event-store';

/** Page size when reading a conversation's sub-agents (a run makes a handful, one per task call). */
const PAGE = 200;

/** The sub-agents a conversation's task calls made (not theirs), oldest first. */
export async function subAgentsOf(store: EventStore, id: string): Promise<ConversationRecord[]> {
  const children: ConversationRecord[] = [];
  let pageId: string | undefined;
  do {
    const page = await store.listConversations({
      parent: id,
      sort: 'CREATED_AT',
      limit: PAGE,
      ...(pageId ? { page_id: pageId } : {}),
    });
    for (const { match: _match, ...record } of page.items) children.push(record);
    pageId = page.next_page_id ?? undefined;
  } while (pageId);
  return children;
}
