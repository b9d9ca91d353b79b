import { CircleExclamationPoint, X } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { DEFAULT_LIST_VIEW, type ConversationListItem, type ListView } from './conversation-list-item';
import { ConversationList } from './conversation-list';
import type { RowHandlers } from './row-handlers';
import { DeleteConversationDialog } from './delete-conversation-dialog';
import { ListOptionsMenu } from './list-options-menu';
import { SearchBox } from './search-box';
import { SearchPaletteHost } from './search-palette';
import { resultOptionId, SearchResults } from './search-results';
import { shortcutLabel } from './shortcut-label';
import { useConversationActions } from './use-conversation-actions';
import { useConversationSearch } from './use-conversation-search';
import { useOpenHit } from './use-open-hit';
import { useResultSelection } from './use-result-selection';
import './history.css';
import './history-search.css';
import './history-menus.css';

/**
 * The sidebar's history: a search box, the sort/filter menu, then every conversation (pinned first),
 * or the search hits while the box holds text. Also hosts the Ctrl/Cmd+K palette, which the sidebar
 * is always there to mount.
 */
export function ConversationSidebar() {
  const [view, setView] = useState<ListView>(DEFAULT_LIST_VIEW);
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<ConversationListItem | null>(null);
  const actions = useConversationActions(view);
  const search = useConversationSearch(text);
  const open = useOpenHit();
  const selection = useResultSelection(search.results, open);
  const listId = useId();
  const searching = text.trim() !== '';

  const { rename, setPinned, exportAs, remove } = actions;
  const handlers = useMemo<RowHandlers>(
    () => ({
      onRename: (conversation, title) => rename.mutate({ id: conversation.id, title }),
      onTogglePin: (conversation) => setPinned.mutate({ conversation, pinned: !conversation.pinned }),
      onExport: (conversation, format) => exportAs.mutate({ id: conversation.id, format }),
      onDelete: (conversation) => {
        remove.reset();
        setDeleting(conversation);
      },
    }),
    [rename.mutate, setPinned.mutate, exportAs.mutate, remove.reset],
  );
  const failure = actionFailure(actions);
  const dismissFailure = useCallback(() => {
    rename.reset();
    setPinned.reset();
    exportAs.reset();
  }, [rename.reset, setPinned.reset, exportAs.reset]);

  return (
    <div className="history">
      <div className="history-toolbar">
        <SearchBox
          className="history-searchbox"
          value={text}
          onChange={setText}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text) {
              event.preventDefault();
              setText('');
              return;
            }
            selection.onKeyDown(event);
          }}
          listId={listId}
          activeOptionId={
            searching && search.results.length > 0 ? resultOptionId(listId, selection.selected) : undefined
          }
          expanded={searching && search.results.length > 0}
          placeholder="Search"
          shortcutHint={shortcutLabel(navigator.platform)}
        />
        <ListOptionsMenu view={view} onChange={setView} />
      </div>
      {failure ? (
        <div className="history-failure" role="alert">
          <CircleExclamationPoint size={14} aria-hidden />
          <span>{failure}</span>
          <button
            type="button"
            className="history-failure__dismiss"
            aria-label="Dismiss"
            onClick={dismissFailure}
          >
            <X size={13} />
          </button>
        </div>
      ) : null}
      {searching ? (
        <div className="history-search history-search--sidebar">
          <SearchResults
            listId={listId}
            search={search}
            selected={selection.selected}
            onHover={selection.setSelected}
            onOpen={open}
            variant="sidebar"
          />
        </div>
      ) : (
        <ConversationList view={view} handlers={handlers} />
      )}
      {deleting ? (
        <DeleteConversationDialog
          conversation={deleting}
          busy={remove.isPending}
          error={remove.error?.message}
          onCancel={() => setDeleting(null)}
          onConfirm={({ deleteFiles }) =>
            remove.mutate({ id: deleting.id, deleteFiles }, { onSuccess: () => setDeleting(null) })
          }
        />
      ) : null}
      <SearchPaletteHost />
    </div>
  );
}

/** The last rename, pin or export that failed, in words (the row itself already went back). */
function actionFailure({
  rename,
  setPinned,
  exportAs,
}: ReturnType<typeof useConversationActions>): string | undefined {
  if (rename.error) return `Could not rename: ${rename.error.message}`;
  if (setPinned.error)
    return `Could not ${setPinned.variables?.pinned ? 'pin' : 'unpin'}: ${setPinned.error.message}`;
  if (exportAs.error) return `Could not export: ${exportAs.error.message}`;
  return undefined;
}
