import { Check, CircleExclamationPoint, LoaderCircle, ShieldExclamationPoint, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ActionEvent, ConfirmationDecisionEvent } from '../api/wire-types';
import { ModalDialog } from '../components/modal-dialog';
import { plainText } from '../components/plain-text';
import { WAITING_MODAL_CLASS } from '../components/use-other-modal-open';
import type { ApprovalChoice, RowChoice } from './approval-answers';
import { ApprovalRemember } from './approval-remember';
import { PendingActionItem } from './pending-action-item';
import { useApprovalArming } from './use-approval-arming';
import { useEnterToApprove } from './use-enter-to-approve';
import './approval-dialog.css';

export interface ApprovalDialogProps {
  actions: readonly ActionEvent[];
  /** The rule the runtime suggests per action id (from its "asked" decision), when it has one. */
  suggestions?: ReadonlyMap<string, ConfirmationDecisionEvent['suggested_rule']>;
  /** The decisions recorded per action id so far: why each one is asked. */
  decisions?: ReadonlyMap<string, readonly ConfirmationDecisionEvent[]>;
  onRespond: (choice: ApprovalChoice) => void;
  /** Esc or the close button: decide later (the dialog can be reopened). */
  onDismiss: () => void;
  busy: boolean;
  error: string | undefined;
  /**
   * Opened from the inbox, over another page: the conversation it belongs to, named at the top. Such
   * a dialog was opened by the person, so a conversation page's own dialog waits behind it.
   */
  conversationTitle?: string | undefined;
}

/**
 * Lists every action waiting for the person, with the exact command or file change and why it was
 * rated risky. One action: approve once, remember a rule (this conversation or always), or reject
 * with a reason. Several: a choice per action, or all at once. It opens by itself, so it never takes
 * focus from a text box the person is typing in, and Enter runs the primary button only once it is
 * armed (see useApprovalArming). Esc closes it without deciding.
 */
export function ApprovalDialog({
  actions,
  suggestions,
  decisions,
  onRespond,
  onDismiss,
  busy,
  error,
  conversationTitle,
}: ApprovalDialogProps) {
  const [reason, setReason] = useState('');
  const [choices, setChoices] = useState<ReadonlyMap<string, RowChoice>>(new Map());
  const reasonId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { armed, markMovedIn } = useApprovalArming(panel);
  const count = actions.length;
  const single = count === 1 ? actions[0] : undefined;
  const suggestion = single ? suggestions?.get(single.id) : undefined;
  const rejectedCount = actions.filter((action) => choices.get(action.id) === 'reject').length;
  const mixed = rejectedCount > 0 && rejectedCount < count;
  const trimmedReason = reason.trim() || undefined;

  const primary = () =>
    onRespond(
      mixed
        ? { kind: 'each', choices, reason: trimmedReason }
        : { kind: 'all', accept: rejectedCount < count },
    );
  useEnterToApprove(panel, armed, busy ? undefined : primary, markMovedIn);
  const choose = (actionId: string, choice: RowChoice) =>
    setChoices((current) => new Map(current).set(actionId, choice));

  return (
    <ModalDialog
      title={count === 1 ? 'Approve this action?' : `Approve these ${count} actions?`}
      description={
        conversationTitle === undefined ? (
          WAITING_DESCRIPTION
        ) : (
          <>
            In <strong data-testid="approval-conversation">{plainText(conversationTitle, 80)}</strong>.{' '}
            {WAITING_DESCRIPTION}
          </>
        )
      }
      icon={<ShieldExclamationPoint size={17} />}
      onClose={onDismiss}
      width={680}
      className="approval-dialog"
      backdropClassName={`approval-dialog__backdrop ${conversationTitle === undefined ? WAITING_MODAL_CLASS : ''}`}
      keepTypingFocus
      panelRef={panel}
      panelProps={{ onPointerDown: markMovedIn }}
      footer={
        <>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => onRespond({ kind: 'all', accept: false, reason: trimmedReason })}
          >
            <X size={14} /> {count === 1 ? 'Reject' : 'Reject all'}
          </button>
          <span className="approval-dialog__spacer" />
          {mixed ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => onRespond({ kind: 'all', accept: true })}
            >
              <Check size={14} /> Approve all
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={primary}
            data-autofocus
            data-armed={armed}
            data-testid="approve-primary"
            aria-keyshortcuts={armed ? 'Enter' : undefined}
          >
            {busy ? <LoaderCircle size={14} className="spin" /> : <Check size={14} />}
            {primaryLabel(count, rejectedCount)} <EnterHint armed={armed} />
          </button>
        </>
      }
    >
      <ul className="approval-list" aria-label="Actions waiting for approval">
        {actions.map((action) => (
          <PendingActionItem
            key={action.id}
            event={action}
            decisions={decisions?.get(action.id)}
            choice={count > 1 ? (choices.get(action.id) ?? 'approve') : undefined}
            onChoice={count > 1 ? (choice) => choose(action.id, choice) : undefined}
          />
        ))}
      </ul>
      {single && suggestion ? (
        <ApprovalRemember
          rule={suggestion}
          risk={single.security_risk ?? 'UNKNOWN'}
          busy={busy}
          onRemember={(scope, allowHighRisk) =>
            onRespond({
              kind: 'remember',
              actionId: single.id,
              scope,
              matcher: suggestion.matcher,
              allowHighRisk,
            })
          }
        />
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={reasonId}>
          Reason for rejecting <span className="field__hint">(optional, the agent reads it)</span>
        </label>
        <textarea
          id={reasonId}
          className="textarea"
          rows={2}
          value={reason}
          placeholder="e.g. Don't delete files outside the build folder"
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && trimmedReason && count === 1) {
              event.preventDefault();
              onRespond({ kind: 'all', accept: false, reason: trimmedReason });
            }
          }}
        />
      </div>
      {error ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>{error}</span>
        </div>
      ) : null}
    </ModalDialog>
  );
}

const WAITING_DESCRIPTION =
  'The agent is waiting for you. Nothing below runs until you approve it. Esc decides later.';

function primaryLabel(count: number, rejectedCount: number): string {
  if (count === 1) return 'Approve once';
  if (rejectedCount === 0) return 'Approve all';
  if (rejectedCount === count) return 'Reject all';
  return `Send: ${count - rejectedCount} approved, ${rejectedCount} rejected`;
}

/** The Enter key hint: faint until the dialog is armed, then filled (Enter answers from then on). */
function EnterHint({ armed }: { armed: boolean }) {
  return (
    <kbd
      className={`approval-dialog__kbd ${armed ? 'approval-dialog__kbd--armed' : ''}`}
      title={armed ? 'Enter approves' : 'Enter approves once you are in this dialog'}
      data-testid="approve-enter-hint"
    >
      Enter
    </kbd>
  );
}
