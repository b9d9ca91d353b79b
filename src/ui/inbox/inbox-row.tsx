import {
  CircleCheck,
  CircleExclamationPoint,
  CirclePause,
  ShieldExclamationPoint,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { plainText } from '../components/plain-text';
import { relativeTime } from '../components/relative-time';
import type { AttentionItem, AttentionKind } from './attention-items';
import { ATTENTION_LABELS } from './attention-labels';

const ICONS: Record<AttentionKind, LucideIcon> = {
  approval: ShieldExclamationPoint,
  finished: CircleCheck,
  failed: CircleExclamationPoint,
  run_failed: CircleExclamationPoint,
  stuck: TriangleAlert,
  paused: CirclePause,
};

/**
 * One inbox entry: what it is, which conversation or automation, when. An approval offers Review
 * (answer here, with the same dialog as in the conversation) beside Open; the rest open where they
 * happened. Titles are the model's words, shown as one plain line.
 */
export function InboxRow({
  item,
  onReview,
  onOpen,
}: {
  item: AttentionItem;
  onReview: () => void;
  onOpen: () => void;
}) {
  const Icon = ICONS[item.kind];
  const count = item.pendingActionIds.length;
  const label =
    item.kind === 'approval'
      ? `${count} ${count === 1 ? 'action waits' : 'actions wait'} for your approval`
      : ATTENTION_LABELS[item.kind];
  const title = plainText(item.title);
  return (
    <li className={`inbox-row inbox-row--${item.kind}`} data-testid="inbox-item" data-kind={item.kind}>
      <Icon size={16} className="inbox-row__icon" aria-hidden />
      <div className="inbox-row__text">
        <span className="inbox-row__title" title={title}>
          {title}
        </span>
        <span className="inbox-row__meta">
          {label}
          {item.detail ? `: ${plainText(item.detail, 160)}` : ''} ·{' '}
          <time dateTime={item.at}>{relativeTime(item.at)}</time>
        </span>
      </div>
      <div className="inbox-row__actions">
        {item.kind === 'approval' ? (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={onReview}
            aria-label={`Review: ${title}`}
          >
            Review
          </button>
        ) : null}
        <button type="button" className="button button--small" onClick={onOpen} aria-label={`Open: ${title}`}>
          Open
        </button>
      </div>
    </li>
  );
}
