import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../components/use-focus-trap';
import { SearchBox } from './search-box';
import { resultOptionId, SearchResults } from './search-results';
import { isPaletteShortcut } from './shortcut-label';
import { useConversationSearch } from './use-conversation-search';
import { useOpenHit } from './use-open-hit';
import { useResultSelection } from './use-result-selection';

/** Listens for Ctrl/Cmd+K anywhere in the app and shows the search palette. Mount once. */
export function SearchPaletteHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // The browser's own Ctrl+K (focus its search bar) would take the keys away from the page.
      event.preventDefault();
      setOpen((value) => !value);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return open ? <SearchPalette onClose={() => setOpen(false)} /> : null;
}

/** The palette: one box, ranked hits below it; ↑↓ move, Enter opens at the matching event, Esc closes. */
export function SearchPalette({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const listId = useId();
  const search = useConversationSearch(text);
  const open = useOpenHit(onClose);
  const selection = useResultSelection(search.results, open);
  useFocusTrap(panel, true);
  const hasResults = text.trim() !== '' && search.results.length > 0;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the palette closes it; Esc is the keyboard way
    <div
      className="modal-backdrop history-palette__backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Search conversations"
        className="history-palette"
      >
        <SearchBox
          className="history-searchbox history-searchbox--palette"
          value={text}
          onChange={setText}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onClose();
              return;
            }
            selection.onKeyDown(event);
          }}
          listId={listId}
          activeOptionId={hasResults ? resultOptionId(listId, selection.selected) : undefined}
          expanded={hasResults}
          placeholder="Search titles and messages…"
        />
        <div className="history-search history-search--palette">
          {text.trim() ? (
            <SearchResults
              listId={listId}
              search={search}
              selected={selection.selected}
              onHover={selection.setSelected}
              onOpen={open}
              variant="palette"
            />
          ) : (
            <p className="history-search__message">Search every conversation: titles and what was said.</p>
          )}
        </div>
        <footer className="history-palette__footer" aria-hidden>
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> to move
          </span>
          <span>
            <kbd>Enter</kbd> to open
          </span>
          <span>
            <kbd>Esc</kbd> to close
          </span>
        </footer>
      </div>
    </div>,
    document.body,
  );
}
