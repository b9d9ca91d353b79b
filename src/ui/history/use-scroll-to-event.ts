import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { TranscriptRow } from '../conversation-store/transcript-rows';
import { nextScrollStep } from './next-scroll-step';
import './scroll-to-event.css';

export interface ScrollToEventOptions {
  rows: readonly TranscriptRow[];
  /** The transcript's scrolling element (its rows carry `data-row-key`). */
  scroller: RefObject<HTMLElement | null>;
  virtualizer: {
    scrollToIndex(index: number, options?: { align?: 'start' | 'center' | 'end' | 'auto' }): void;
  };
  hasOlder: boolean;
  loadOlder: () => Promise<boolean>;
  /** The transcript's "stick to the bottom" flag: cleared so new rows do not pull the view away. */
  following: RefObject<boolean>;
}

/**
 * Opens a conversation at a search hit: reads `?event=<event id>` from the URL, pages older events in
 * until that event's row exists, scrolls it to the middle of the transcript and marks its row with
 * `data-search-hit` (styled in scroll-to-event.css). Call it once inside the virtual transcript.
 * Returns the highlighted row key, if any.
 */
export function useScrollToEvent({
  rows,
  scroller,
  virtualizer,
  hasOlder,
  loadOlder,
  following,
}: ScrollToEventOptions) {
  const eventId = new URLSearchParams(useSearch()).get('event') ?? undefined;
  const [highlightKey, setHighlightKey] = useState<string | undefined>();
  const handled = useRef<string | undefined>(undefined);
  const loading = useRef(false);
  const [loadedPages, setLoadedPages] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadedPages re-runs the step after a page arrived
  useEffect(() => {
    if (!eventId) {
      handled.current = undefined;
      setHighlightKey(undefined);
      return;
    }
    if (handled.current === eventId || loading.current) return;
    const step = nextScrollStep(rows, eventId, hasOlder);
    if (step.kind === 'scroll') {
      handled.current = eventId;
      following.current = false;
      virtualizer.scrollToIndex(step.index, { align: 'center' });
      setHighlightKey(rows[step.index]?.key);
    } else if (step.kind === 'load-older') {
      loading.current = true;
      void loadOlder().finally(() => {
        loading.current = false;
        setLoadedPages((count) => count + 1);
      });
    } else if (step.kind === 'not-found') {
      handled.current = eventId;
    }
  }, [eventId, rows, hasOlder, loadOlder, virtualizer, following, loadedPages]);

  // Rows of a virtual list mount and unmount as they scroll by: mark the hit's row whenever it is in
  // the DOM (after every render of the transcript, which re-renders as it scrolls).
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    for (const marked of element.querySelectorAll('[data-search-hit]')) {
      if (marked.getAttribute('data-row-key') !== highlightKey) marked.removeAttribute('data-search-hit');
    }
    if (highlightKey)
      element
        .querySelector(`[data-row-key="${CSS.escape(highlightKey)}"]`)
        ?.setAttribute('data-search-hit', '');
  });

  return highlightKey;
}
