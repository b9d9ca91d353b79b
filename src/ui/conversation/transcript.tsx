import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TranscriptRow } from '../conversation-store/transcript-rows';
import { useScrollToEvent } from '../history/use-scroll-to-event';
import { type RowCallbacks, TranscriptRowView } from './transcript-row-view';

export interface TranscriptProps {
  rows: readonly TranscriptRow[];
  callbacks: RowCallbacks;
  hasOlder: boolean;
  /** Loads the page before the oldest row; resolves false when there was nothing more. */
  loadOlder: () => Promise<boolean>;
}

const NEAR_BOTTOM_PX = 80;
/** Older pages are fetched this many rows before the top is reached, so a fast scroll rarely waits. */
const NEAR_TOP_ROWS = 25;

/**
 * The virtualized transcript: only the rows in view (plus a margin) are in the DOM, so thousands of
 * events scroll smoothly. It follows new rows while the person is at the bottom, keeps its place
 * when they scrolled up, and pages older events in when they reach the top.
 */
export function Transcript({ rows, callbacks, hasOlder, loadOlder }: TranscriptProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const anchor = useRef<{ key: string; offsetFromTop: number } | null>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateRowHeight(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    paddingStart: 24,
    paddingEnd: 24,
  });
  useScrollToEvent({ rows, scroller, virtualizer, hasOlder, loadOlder, following });
  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  // Follow the bottom as rows arrive and as rows grow when measured (streamed text, outputs).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the content size changes
  useLayoutEffect(() => {
    if (following.current) scrollToBottom();
  }, [rows, totalSize, scrollToBottom]);

  // After older rows were prepended, put the row that was at the top back where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when rows change
  useLayoutEffect(() => {
    const saved = anchor.current;
    if (!saved) return;
    const index = rows.findIndex((row) => row.key === saved.key);
    anchor.current = null;
    if (index <= 0) return;
    const offset = virtualizer.getOffsetForIndex(index, 'start')?.[0];
    if (offset !== undefined) virtualizer.scrollToOffset(offset - saved.offsetFromTop);
  }, [rows]);

  const first = items[0];
  useEffect(() => {
    if (!first || first.index > NEAR_TOP_ROWS || !hasOlder || loadingOlder || following.current) return;
    const element = scroller.current;
    const top = items.find((item) => item.end > (element?.scrollTop ?? 0)) ?? first;
    const row = rows[top.index];
    if (row && element) anchor.current = { key: row.key, offsetFromTop: top.start - element.scrollTop };
    setLoadingOlder(true);
    void loadOlder().finally(() => setLoadingOlder(false));
  }, [first, hasOlder, loadingOlder, loadOlder, items, rows]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    following.current = distance < NEAR_BOTTOM_PX;
    setShowJump(distance > 600);
  };

  return (
    <div className="transcript" ref={scroller} onScroll={onScroll} data-testid="transcript">
      {loadingOlder ? (
        <div className="transcript__loading-older">
          <LoaderCircle size={14} className="spin" /> Loading earlier events…
        </div>
      ) : null}
      <div className="transcript__canvas" style={{ height: totalSize }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-row-key={row.key}
              data-row-type={row.type}
              className="transcript__row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <TranscriptRowView row={row} callbacks={callbacks} />
            </div>
          );
        })}
      </div>
      {showJump ? (
        <button
          type="button"
          className="button transcript__jump"
          onClick={() => {
            following.current = true;
            scrollToBottom();
          }}
        >
          <ArrowDown size={14} /> Latest
        </button>
      ) : null}
    </div>
  );
}

function estimateRowHeight(row: TranscriptRow | undefined): number {
  switch (row?.type) {
    case 'action':
      return row.event.action?.kind === 'FileEditorAction' || row.event.action?.kind === 'ApplyPatchAction'
        ? 220
        : 140;
    case 'marker':
      return 40;
    case 'message':
    case 'streaming':
    case 'thought':
    case 'optimistic':
      return 90;
    default:
      return 70;
  }
}
