import { Box, Ellipsis, Pin } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { relativeTime } from '../components/relative-time';
import type { ConversationListItem } from './conversation-list-item';
import { runQueueShortLabel } from '../components/run-queue-label';
import { HistoryStatusDot } from './history-status-dot';
import { RenameInput } from './rename-input';
import type { RowHandlers } from './row-handlers';
import { RowMenu } from './row-menu';

/**
 * One conversation in the sidebar: status, title, a pin and a container mark when it has them, how
 * long ago; a menu to rename, pin, export, delete.
 */
export function ConversationRow({
  conversation,
  active,
  timeField,
  handlers,
}: {
  conversation: ConversationListItem;
  active: boolean;
  timeField: 'updated_at' | 'created_at';
  handlers: RowHandlers;
}) {
  const [renaming, setRenaming] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const title = conversation.title || 'Untitled';
  const href = `/conversations/${conversation.id}`;
  const time = conversation[timeField];

  return (
    <div
      className={`history-row ${active ? 'history-row--active' : ''} ${menuOpen ? 'history-row--menu' : ''}`}
      data-conversation-id={conversation.id}
    >
      <HistoryStatusDot status={conversation.execution_status} queued={Boolean(conversation.run_queue)} />
      {renaming ? (
        <RenameInput
          title={conversation.title}
          onSave={(next) => {
            setRenaming(false);
            handlers.onRename(conversation, next);
          }}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <Link
          href={href}
          className="history-row__link"
          aria-current={active ? 'page' : undefined}
          title={title}
        >
          <span className="history-row__title">{title}</span>
          {conversation.pinned ? <Pin size={11} className="history-row__pin" aria-label="Pinned" /> : null}
          {conversation.sandbox === 'docker' ? (
            <Box
              size={11}
              className="history-row__sandbox"
              aria-label="Runs in a container"
              data-testid="history-row-container"
            />
          ) : null}
          {conversation.run_queue ? (
            <span className="history-row__time history-row__time--queued">
              {runQueueShortLabel(conversation.run_queue)}
            </span>
          ) : conversation.execution_status === 'waiting_for_confirmation' ? (
            <span className="history-row__time history-row__time--waiting">waiting for you</span>
          ) : (
            <time className="history-row__time" dateTime={time} title={new Date(time).toLocaleString()}>
              {relativeTime(time)}
            </time>
          )}
        </Link>
      )}
      {renaming ? null : (
        <button
          ref={menuButton}
          type="button"
          className="history-row__menu-button"
          aria-label={`Actions for ${title}`}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Ellipsis size={15} />
        </button>
      )}
      {menuOpen && menuButton.current ? (
        <RowMenu
          anchor={menuButton.current}
          conversation={conversation}
          onRename={() => setRenaming(true)}
          handlers={handlers}
          onClose={() => setMenuOpen(false)}
        />
      ) : null}
    </div>
  );
}
