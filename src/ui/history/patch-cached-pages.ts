import { compareListItems } from './compare-list-items';
import type { ConversationListItem, ListSort } from './conversation-list-item';
import type { PagedList } from './merge-head-page';

/** Cached pages with one conversation's fields changed (an optimistic rename or pin). */
export function updateCachedItem<PageParam>(
  list: PagedList<PageParam>,
  id: string,
  patch: Partial<ConversationListItem>,
): PagedList<PageParam> {
  return mapPages(list, (items) =>
    items.some((item) => item.id === id)
      ? items.map((item) => (item.id === id ? { ...item, ...patch } : item))
      : items,
  );
}

/** Cached pages without one conversation (deleted). */
export function removeCachedItem<PageParam>(list: PagedList<PageParam>, id: string): PagedList<PageParam> {
  return mapPages(list, (items) =>
    items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items,
  );
}

/** Cached pages with a conversation added in its place on the first page (just pinned), unless present. */
export function insertCachedItem<PageParam>(
  list: PagedList<PageParam>,
  conversation: ConversationListItem,
  sort: ListSort,
): PagedList<PageParam> {
  if (list.pages.some((page) => page.items.some((item) => item.id === conversation.id))) return list;
  const [first, ...rest] = list.pages;
  // No page yet: the query has not loaded, and its first fetch will include the conversation.
  if (!first) return list;
  const items = [...first.items, conversation].sort((a, b) => compareListItems(a, b, sort));
  return { ...list, pages: [{ ...first, items }, ...rest] };
}

function mapPages<PageParam>(
  list: PagedList<PageParam>,
  change: (items: ConversationListItem[]) => ConversationListItem[],
): PagedList<PageParam> {
  let changed = false;
  const pages = list.pages.map((page) => {
    const items = change(page.items);
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...list, pages } : list;
}
