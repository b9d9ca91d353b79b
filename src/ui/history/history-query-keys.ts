import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';
import type { ListView } from './conversation-list-item';

/**
 * Query keys of the history feature. The small queries (the polled first page, the pinned section,
 * search) live under the app's shared `['conversations']` key, so that when another part of the UI
 * invalidates it (after creating or running a conversation) they refresh at once. The big paged list
 * lives under its own root on purpose: invalidating it would refetch every page already scrolled
 * through (hundreds at 10,000 conversations); it is kept fresh by merging the first page instead.
 */
export const historyKeys = {
  list: (view: ListView) => ['conversation-history', 'list', view.sort, view.status ?? 'all'] as const,
  listRoot: ['conversation-history', 'list'] as const,
  head: (view: ListView) =>
    [...CONVERSATIONS_QUERY_KEY, 'history-head', view.sort, view.status ?? 'all'] as const,
  pinned: (view: ListView) =>
    [...CONVERSATIONS_QUERY_KEY, 'history-pinned', view.sort, view.status ?? 'all'] as const,
  pinnedRoot: [...CONVERSATIONS_QUERY_KEY, 'history-pinned'] as const,
  search: (text: string) => [...CONVERSATIONS_QUERY_KEY, 'history-search', text] as const,
};
