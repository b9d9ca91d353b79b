import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleExclamationPoint, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import type { ListView } from './conversation-list-item';
import { ConversationRow } from './conversation-row';
import type { RowHandlers } from './row-handlers';
import { ROW_HEIGHT, sidebarRows } from './sidebar-rows';
import { useConversationList } from './use-conversation-list';
import { usePinnedConversations } from './use-pinned-conversations';

/** Rows from the end at which the next page is requested, so scrolling rarely meets the loader. */
const PREFETCH_ROWS = 15;

/**
 * Every conversation, pinned ones first, in one virtual list: only the rows in view (plus a margin)
 * are in the DOM, and rows have fixed heights, so 10,000 conversations scroll like 20.
 */
export function ConversationList({ view, handlers }: { view: ListView; handlers: RowHandlers }) {
  const list = useConversationList(view);
  const pinned = usePinnedConversations(view);
  const [location] = useLocation();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(
    () => sidebarRows(pinned.data?.pages ?? [], list.data?.pages ?? [], list.hasNextPage),
    [pinned.data, list.data, list.hasNextPage],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: useCallback((index: number) => ROW_HEIGHT[rows[index]?.type ?? 'conversation'], [rows]),
    getItemKey: useCallback((index: number) => rows[index]?.key ?? index, [rows]),
    overscan: 12,
    paddingEnd: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list;
  useEffect(() => {
    if (lastIndex >= rows.length - PREFETCH_ROWS && hasNextPage && !isFetchingNextPage && !isError)
      void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  if (list.isPending) {
    return (
      <div className="history-list__state" role="status">
        <LoaderCircle size={14} className="spin" aria-hidden /> Loading conversations…
      </div>
    );
  }
  if (list.isError && rows.length === 0) {
    return (
      <div className="history-list__state history-list__state--error" role="alert">
        <CircleExclamationPoint size={15} aria-hidden />
        <span>Could not load conversations: {list.error.message}</span>
        <button type="button" className="button button--small" onClick={() => void list.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="history-list__state">
        {view.status
          ? 'No conversations with this status.'
          : 'No conversations yet. Describe a task to start one.'}
      </p>
    );
  }

  const timeField = view.sort === 'CREATED_AT_DESC' ? 'created_at' : 'updated_at';
  return (
    <div className="history-list" ref={scroller} data-testid="conversation-list">
      <ul
        className="history-list__canvas"
        aria-label="Conversations"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <li
              key={item.key}
              className="history-list__item"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {row.type === 'heading' ? (
                <h2 className="history-list__heading">{row.label}</h2>
              ) : row.type === 'more' ? (
                <div className="history-list__more">
                  {list.isError ? (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => void fetchNextPage()}
                    >
                      Could not load more. Retry
                    </button>
                  ) : (
                    <>
                      <LoaderCircle size={13} className="spin" aria-hidden /> Loading more…
                    </>
                  )}
                </div>
              ) : (
                <ConversationRow
                  conversation={row.conversation}
                  active={location === `/conversations/${row.conversation.id}`}
                  timeField={timeField}
                  handlers={handlers}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
