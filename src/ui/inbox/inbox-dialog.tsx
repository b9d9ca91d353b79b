import { CircleCheck, Inbox } from 'lucide-react';
import { useLocation } from 'wouter';
import { ModalDialog } from '../components/modal-dialog';
import type { AttentionItem } from './attention-items';
import { useInboxDialog } from './inbox-dialog-store';
import { InboxRow } from './inbox-row';
import { useInboxSeen } from '../stores/inbox-seen-store';
import { NotificationNotice } from './notification-notice';
import './inbox.css';

/**
 * The inbox: everything that needs the person across conversations and automation runs, in one list.
 * Opening an item clears it (an approval leaves once answered); "Mark all as seen" clears the rest.
 */
export function InboxDialog({ items }: { items: readonly AttentionItem[] }) {
  const { hide, review } = useInboxDialog();
  const markSeen = useInboxSeen((state) => state.markSeen);
  const [, navigate] = useLocation();
  const open = (item: AttentionItem) => {
    markSeen(item.key, item.marker);
    hide();
    navigate(item.href);
  };
  const clearable = items.filter((item) => item.kind !== 'approval');
  return (
    <ModalDialog
      title="Inbox"
      description="What needs you, across every conversation and automation run."
      icon={<Inbox size={17} />}
      onClose={hide}
      width={620}
      className="inbox-dialog"
      footer={
        clearable.length > 0 ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              for (const item of clearable) markSeen(item.key, item.marker);
            }}
          >
            Mark all as seen
          </button>
        ) : undefined
      }
    >
      <NotificationNotice />
      {items.length === 0 ? (
        <p className="inbox-dialog__empty" data-testid="inbox-empty">
          <CircleCheck size={18} aria-hidden />
          Nothing needs you. Actions waiting for approval and runs that finish, fail or stop show here.
        </p>
      ) : (
        <ul className="inbox-list" aria-label="Needs you">
          {items.map((item) => (
            <InboxRow
              key={item.key}
              item={item}
              onReview={() => item.conversationId && review(item.conversationId)}
              onOpen={() => open(item)}
            />
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
