import { Check, CircleExclamationPoint, LoaderCircle, ShieldExclamationPoint, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { ActionEvent } from '../api/wire-types';
import { ModalDialog } from '../components/modal-dialog';
import { FileEditBody, TaskListBody, TerminalBody } from './action-bodies';
import { describeAction } from './describe-action';
import { RiskBadge } from './risk-badge';
import './approval-dialog.css';

export interface ApprovalDialogProps {
  actions: readonly ActionEvent[];
  onApprove: () => void;
  onReject: (reason: string) => void;
  /** Esc or the close button: decide later (the dialog can be reopened). */
  onDismiss: () => void;
  busy: boolean;
  error: string | undefined;
}

/**
 * Lists every action waiting for the person, with the exact command or file change and why it was
 * rated risky. Enter approves (outside the reason field), Esc closes without deciding.
 */
export function ApprovalDialog({
  actions,
  onApprove,
  onReject,
  onDismiss,
  busy,
  error,
}: ApprovalDialogProps) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const count = actions.length;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing =
        target?.tagName === 'TEXTAREA' || target?.tagName === 'INPUT' || target?.tagName === 'BUTTON';
      if (event.key === 'Enter' && !event.shiftKey && !typing && !busy) {
        event.preventDefault();
        onApprove();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onApprove, busy]);

  return (
    <ModalDialog
      title={count === 1 ? 'Approve this action?' : `Approve these ${count} actions?`}
      description="The agent is waiting for you. Nothing below runs until you approve it."
      icon={<ShieldExclamationPoint size={17} />}
      onClose={onDismiss}
      width={680}
      className="approval-dialog"
      footer={
        <>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => onReject(reason.trim())}
          >
            <X size={14} /> Reject
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={onApprove}
            data-autofocus
          >
            {busy ? <LoaderCircle size={14} className="spin" /> : <Check size={14} />}
            Approve <kbd className="approval-dialog__kbd">Enter</kbd>
          </button>
        </>
      }
    >
      <ul className="approval-list" aria-label="Actions waiting for approval">
        {actions.map((action) => (
          <PendingActionItem key={action.id} event={action} />
        ))}
      </ul>
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
            if (event.key === 'Enter' && !event.shiftKey && reason.trim()) {
              event.preventDefault();
              onReject(reason.trim());
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

function PendingActionItem({ event }: { event: ActionEvent }) {
  const { icon: Icon, toolLabel, summary } = describeAction(event);
  const risk = event.security_risk ?? 'UNKNOWN';
  const reasons = event.risk_reasons ?? [];
  const action = event.action;
  return (
    <li className={`approval-item approval-item--${risk.toLowerCase()}`} data-testid="pending-action">
      <div className="approval-item__header">
        <Icon size={15} aria-hidden />
        <span className="approval-item__tool">{toolLabel}</span>
        <span className="approval-item__summary">{summary}</span>
        <RiskBadge risk={risk} reasons={reasons} />
      </div>
      {reasons.length > 0 ? (
        <ul className="approval-item__reasons" aria-label="Why it was rated so">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : risk === 'UNKNOWN' ? (
        <p className="approval-item__reasons-note">The risk could not be rated, so it needs your approval.</p>
      ) : null}
      <div className="approval-item__preview">
        {action?.kind === 'TerminalAction' ? <TerminalBody action={action} /> : null}
        {action?.kind === 'FileEditorAction' ? <FileEditBody action={action} /> : null}
        {action?.kind === 'TaskTrackerAction' ? <TaskListBody tasks={action.task_list} /> : null}
        {action?.kind === 'ThinkAction' ? <p className="approval-item__text">{action.thought}</p> : null}
        {action?.kind === 'FinishAction' ? <p className="approval-item__text">{action.message}</p> : null}
      </div>
    </li>
  );
}
