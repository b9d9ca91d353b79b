import { compareListItems } from './compare-list-items';
import type { ConversationListItem, ConversationPage, ListSort } from './conversation-list-item';

/** The cached pages of the infinite list (react-query's InfiniteData). */
export interface PagedList<PageParam = unknown> {
  pages: ConversationPage[];
  pageParams: PageParam[];
}

/**
 * Folds a freshly fetched first page into the cached pages without refetching the others.
 *
 * The fresh page is the truth for the range it covers (from the top down to its last item): items
 * there replace their cached copies, and a cached first-page item that falls in that range but is
 * missing from the fresh page was deleted or no longer matches the filter, so it goes. Cached
 * first-page items below that range were pushed down by newer ones and stay, so the first page's
 * cursor (which points after its old last item) still continues exactly where the next page starts.
 * An item that moved up into the fresh page is removed from the later page it was on.
 * Returns `list` itself when nothing visible changed, so the sidebar does not re-render.
 */
export function mergeHeadPage<PageParam>(
  list: PagedList<PageParam>,
  head: ConversationPage,
  sort: ListSort,
): PagedList<PageParam> {
  const [first, ...later] = list.pages;
  if (!first) return list;
  if (head.next_page_id === null) {
    // The fresh page holds every conversation there is: nothing below it is real any more.
    const pages = [head];
    return samePages(list.pages, pages) ? list : { pages, pageParams: list.pageParams.slice(0, 1) };
  }
  const headIds = new Set(head.items.map((item) => item.id));
  const lastHead = head.items.at(-1);
  const pushedDown = first.items.filter(
    (item) => !headIds.has(item.id) && lastHead !== undefined && compareListItems(item, lastHead, sort) > 0,
  );
  const merged: ConversationPage = {
    items: [...head.items, ...pushedDown].sort((a, b) => compareListItems(a, b, sort)),
    next_page_id: first.next_page_id,
  };
  const rest = later.map((page) => {
    const items = page.items.filter((item) => !headIds.has(item.id));
    return items.length === page.items.length ? page : { ...page, items };
  });
  const pages = [merged, ...rest];
  return samePages(list.pages, pages) ? list : { pages, pageParams: list.pageParams };
}

function samePages(before: readonly ConversationPage[], after: readonly ConversationPage[]): boolean {
  if (before.length !== after.length) return false;
  return before.every((page, index) => {
    const other = after[index];
    return (
      other !== undefined &&
      page.next_page_id === other.next_page_id &&
      page.items.length === other.items.length &&
      page.items.every((item, itemIndex) => sameVisible(item, other.items[itemIndex]))
    );
  });
}

/** The fields a sidebar row shows: a change elsewhere (stats, say) does not re-render the list. */
function sameVisible(a: ConversationListItem, b: ConversationListItem | undefined): boolean {
  return (
    b !== undefined &&
    a.id === b.id &&
    a.updated_at === b.updated_at &&
    a.title === b.title &&
    a.execution_status === b.execution_status &&
    a.pinned === b.pinned
  );
}
