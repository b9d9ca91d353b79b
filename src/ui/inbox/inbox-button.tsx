import { Inbox } from 'lucide-react';
import { useInboxDialog } from './inbox-dialog-store';
import { useAttention } from './use-attention';
import './inbox.css';

/** The header's inbox button: its badge counts what needs the person, on every page. */
export function InboxButton() {
  const { items } = useAttention();
  const show = useInboxDialog((state) => state.show);
  const count = items.length;
  const label =
    count === 0
      ? 'Inbox: nothing needs you'
      : `Inbox: ${count} ${count === 1 ? 'item needs' : 'items need'} you`;
  return (
    <button
      type="button"
      className="button button--ghost button--icon inbox-button"
      aria-label={label}
      title={label}
      onClick={show}
      data-testid="inbox-button"
    >
      <Inbox size={16} aria-hidden />
      {count > 0 ? (
        <span className="inbox-button__badge" data-testid="inbox-count" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  );
}
