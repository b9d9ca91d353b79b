import { Check, X } from 'lucide-react';
import type { ActionEvent, ConfirmationDecisionEvent } from '../api/wire-types';
import { FileEditBody, TaskListBody, TerminalBody } from './action-bodies';
import type { RowChoice } from './approval-answers';
import { DecisionLine } from './decision-line';
import { describeAction } from '../components/describe-action';
import { MemoryProposalBody } from './memory-proposal-body';
import { PatchBody } from './patch-body';
import { RiskBadge } from '../components/risk-badge';

/**
 * One action in the approval dialog: the exact command or change and why it was rated so. In a batch
 * it carries its own Approve / Reject choice.
 */
export function PendingActionItem({
  event,
  decisions,
  choice,
  onChoice,
}: {
  event: ActionEvent;
  decisions?: readonly ConfirmationDecisionEvent[] | undefined;
  choice?: RowChoice;
  onChoice?: (choice: RowChoice) => void;
}) {
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
        {onChoice ? (
          <RowChoiceControl label={summary} choice={choice ?? 'approve'} onChoice={onChoice} />
        ) : null}
      </div>
      {decisions && decisions.length > 0 ? <DecisionLine decisions={decisions} /> : null}
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
        {action?.kind === 'ApplyPatchAction' ? <PatchBody action={action} /> : null}
        {action?.kind === 'MemoryProposeAction' ? <MemoryProposalBody action={action} /> : null}
        {action?.kind === 'TaskTrackerAction' ? <TaskListBody tasks={action.task_list} /> : null}
        {action?.kind === 'ThinkAction' ? <p className="approval-item__text">{action.thought}</p> : null}
        {action?.kind === 'FinishAction' ? <p className="approval-item__text">{action.message}</p> : null}
      </div>
    </li>
  );
}

/** Approve / Reject for one action of a batch, as a two-button segmented control. */
function RowChoiceControl({
  label,
  choice,
  onChoice,
}: {
  label: string;
  choice: RowChoice;
  onChoice: (choice: RowChoice) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a segmented pair of toggle buttons, not a form fieldset
    <span className="segmented" role="group" aria-label={`Decision for ${label}`}>
      <button
        type="button"
        className="segmented__option segmented__option--approve"
        aria-pressed={choice === 'approve'}
        onClick={() => onChoice('approve')}
      >
        <Check size={12} aria-hidden /> Approve
      </button>
      <button
        type="button"
        className="segmented__option segmented__option--reject"
        aria-pressed={choice === 'reject'}
        onClick={() => onChoice('reject')}
      >
        <X size={12} aria-hidden /> Reject
      </button>
    </span>
  );
}
