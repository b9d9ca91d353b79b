import type { EventStore } from '../store/event-store';

export interface ConversationWorkspace {
  id: string;
  workspace_dir: string;
}

/** Every stored conversation's workspace folder, oldest conversation first, read a page at a time. */
export async function conversationWorkspaces(store: EventStore): Promise<ConversationWorkspace[]> {
  const found: ConversationWorkspace[] = [];
  let pageId: string | undefined;
  do {
    const page = await store.listConversations({
      limit: 100,
      sort: 'CREATED_AT',
      ...(pageId ? { page_id: pageId } : {}),
    });
    found.push(...page.items.map((item) => ({ id: item.id, workspace_dir: item.workspace_dir })));
    pageId = page.next_page_id ?? undefined;
  } while (pageId);
  return found;
}
