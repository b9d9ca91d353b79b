import { CircleExclamationPoint, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { relativeTime } from '../components/relative-time';
import type { ConversationListItem } from './conversation-list-item';
import { HighlightedSnippet } from './highlighted-snippet';
import { HistoryStatusDot } from './history-status-dot';
import { hitHref } from './hit-href';
import type { ConversationSearch } from './use-conversation-search';

/** The option element id of result `index`, for the input's aria-activedescendant. */
export const resultOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * Ranked search hits, each with its title and the matching snippet; the highlighted one (keyboard) is
 * kept in view. Used by the sidebar box and by the Ctrl/Cmd+K palette.
 */
export function SearchResults({
  listId,
  search,
  selected,
  onHover,
  onOpen,
  variant,
}: {
  listId: string;
  search: ConversationSearch;
  selected: number;
  onHover: (index: number) => void;
  /** Opens the hit (navigates); a click with a modifier key is left to the browser (new tab). */
  onOpen: (item: ConversationListItem) => void;
  variant: 'sidebar' | 'palette';
}) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current
      ?.querySelector(`#${CSS.escape(resultOptionId(listId, selected))}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [listId, selected]);

  if (search.error) {
    return (
      <div className="history-search__message history-search__message--error" role="alert">
        <CircleExclamationPoint size={15} aria-hidden />
        <span>{search.error}</span>
      </div>
    );
  }
  if (search.results.length === 0) {
    return (
      <div className="history-search__message" role="status">
        {search.searching ? (
          <>
            <LoaderCircle size={14} className="spin" aria-hidden /> Searching…
          </>
        ) : (
          <>No conversation mentions “{search.settledText}”.</>
        )}
      </div>
    );
  }
  return (
    <div
      ref={list}
      id={listId}
      role="listbox"
      aria-label="Search results"
      className={`history-results history-results--${variant}`}
      aria-busy={search.searching}
    >
      {search.results.map((item, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the search box owns the keys (arrows, Enter) through aria-activedescendant
        <div
          key={item.id}
          id={resultOptionId(listId, index)}
          role="option"
          aria-selected={index === selected}
          tabIndex={-1}
          className={`history-result ${index === selected ? 'history-result--selected' : ''}`}
          onMouseMove={() => index !== selected && onHover(index)}
          // The option is the target: a link inside an option is a control inside a control for screen
          // readers. A click with a modifier or the middle button still opens the hit in a new tab.
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey) openInNewTab(hitHref(item));
            else onOpen(item);
          }}
          onAuxClick={(event) => event.button === 1 && openInNewTab(hitHref(item))}
        >
          <span className="history-result__link">
            <span className="history-result__head">
              <HistoryStatusDot status={item.execution_status} />
              {item.match && item.match.event_id === null ? (
                // Only the title matched: its snippet is the title with the hits marked.
                <HighlightedSnippet className="history-result__title" snippet={item.match.snippet} />
              ) : (
                <span className="history-result__title">{item.title || 'Untitled'}</span>
              )}
              <time className="history-result__time" dateTime={item.updated_at}>
                {relativeTime(item.updated_at)}
              </time>
            </span>
            {item.match?.snippet && item.match.event_id ? (
              <HighlightedSnippet className="history-result__snippet" snippet={item.match.snippet} />
            ) : null}
          </span>
        </div>
      ))}
      {search.hasMore ? (
        <div className="history-results__more">
          <button type="button" className="button button--ghost button--small" onClick={search.loadMore}>
            More results
          </button>
        </div>
      ) : null}
    </div>
  );
}

function openInNewTab(href: string): void {
  window.open(href, '_blank', 'noopener');
}
