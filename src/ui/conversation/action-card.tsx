import { Ban, CircleCheck, CircleX, Hourglass, LoaderCircle } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { ActionEvent } from '../api/wire-types';
import type { ActionOutcome } from '../conversation-store/transcript-rows';
import type { ActionPhase } from '../conversation-store/transcript-rows';
import { FileEditBody, FinishBody, TaskListBody, TerminalBody, ThinkBody } from './action-bodies';
import { DecisionLine } from './decision-line';
import { describeAction } from '../components/describe-action';
import { MCPToolBody } from './mcp-tool-body';
import { MemoryProposalBody } from './memory-proposal-body';
import { PatchBody } from './patch-body';
import { SearchBody } from './search-body';
import { SubAgentBody } from './sub-agent-body';
import { RiskBadge } from '../components/risk-badge';
import './action-card.css';
import './action-bodies.css';
import './action-body-details.css';

export interface ActionCardProps {
  event: ActionEvent;
  outcome: ActionOutcome;
  phase: ActionPhase;
  /** Row tools (branch from here), shown on hover and focus. */
  tools?: ReactNode;
}

/** One action the agent took: what it is, its risk, how it went, and its result. */
export const ActionCard = memo(function ActionCard({ event, outcome, phase, tools }: ActionCardProps) {
  const { icon: Icon, toolLabel, summary } = describeAction(event);
  const kind = event.action?.kind;
  const showRisk =
    kind !== 'ThinkAction' &&
    kind !== 'FinishAction' &&
    kind !== 'TaskTrackerAction' &&
    kind !== 'InvokeSkillAction';
  return (
    <article
      className={`action-card action-card--${phase} ${kind === 'FinishAction' ? 'action-card--finish' : ''}`}
      data-testid="action-card"
      data-action-kind={kind ?? 'invalid'}
      data-phase={phase}
      aria-label={`${toolLabel}: ${summary}`}
    >
      <header className="action-card__header">
        <span className="action-card__icon" aria-hidden>
          <Icon size={15} />
        </span>
        <span className="action-card__tool">{toolLabel}</span>
        <span className="action-card__summary" title={summary}>
          {summary}
        </span>
        {showRisk ? (
          <RiskBadge risk={event.security_risk ?? 'UNKNOWN'} reasons={event.risk_reasons ?? undefined} />
        ) : null}
        <PhaseIcon phase={phase} />
        {tools ? <span className="row-tools">{tools}</span> : null}
      </header>
      <ActionBody event={event} outcome={outcome} phase={phase} />
      <DecisionLine decisions={outcome.decisions} />
      {outcome.rejection ? (
        <p className="action-card__rejection">
          <Ban size={14} aria-hidden /> Rejected
          {outcome.rejection.rejection_reason ? `: ${outcome.rejection.rejection_reason}` : ''}
        </p>
      ) : null}
      {outcome.errors.map((error) => (
        <p key={error.id} className="action-card__error" role="note">
          <CircleX size={14} aria-hidden />
          <span>{error.error}</span>
        </p>
      ))}
    </article>
  );
});

function ActionBody({
  event,
  outcome,
  phase,
}: {
  event: ActionEvent;
  outcome: ActionOutcome;
  phase: ActionPhase;
}) {
  const action = event.action;
  const observation = outcome.observation?.observation;
  if (!action) return null;
  switch (action.kind) {
    case 'TerminalAction':
      return (
        <TerminalBody
          action={action}
          observation={observation?.kind === 'TerminalObservation' ? observation : undefined}
          running={phase === 'running'}
        />
      );
    case 'FileEditorAction':
      return (
        <FileEditBody
          action={action}
          observation={observation?.kind === 'FileEditorObservation' ? observation : undefined}
        />
      );
    case 'GrepAction':
    case 'GlobAction':
    case 'ListDirAction':
      return (
        <SearchBody
          observation={
            observation?.kind === 'GrepObservation' ||
            observation?.kind === 'GlobObservation' ||
            observation?.kind === 'ListDirObservation'
              ? observation
              : undefined
          }
        />
      );
    case 'ApplyPatchAction':
      return (
        <PatchBody
          action={action}
          observation={observation?.kind === 'ApplyPatchObservation' ? observation : undefined}
        />
      );
    case 'MemoryProposeAction':
      return (
        <MemoryProposalBody
          action={action}
          observation={observation?.kind === 'MemoryProposeObservation' ? observation : undefined}
        />
      );
    case 'TaskTrackerAction':
      return (
        <TaskListBody
          tasks={observation?.kind === 'TaskTrackerObservation' ? observation.task_list : action.task_list}
        />
      );
    case 'ThinkAction':
      return <ThinkBody action={action} />;
    case 'FinishAction':
      return <FinishBody action={action} />;
    case 'InvokeSkillAction':
      // The instructions are long and for the model; the card's summary names the skill.
      return null;
    case 'MCPToolAction':
      return (
        <MCPToolBody
          action={action}
          observation={observation?.kind === 'MCPToolObservation' ? observation : undefined}
          running={phase === 'running'}
        />
      );
    case 'ClientToolAction':
      // Nothing ran here: the front end that declared the tool acts; the summary names it.
      return null;
    case 'TaskAction':
      return (
        <SubAgentBody
          event={event}
          action={action}
          observation={observation?.kind === 'TaskObservation' ? observation : undefined}
          running={phase === 'running'}
        />
      );
  }
}

function PhaseIcon({ phase }: { phase: ActionPhase }) {
  switch (phase) {
    case 'running':
      return <LoaderCircle size={15} className="spin action-card__phase" aria-label="Running" />;
    case 'awaiting-approval':
      return (
        <Hourglass
          size={15}
          className="action-card__phase action-card__phase--waiting"
          aria-label="Waiting for approval"
        />
      );
    case 'done':
      return (
        <CircleCheck size={15} className="action-card__phase action-card__phase--done" aria-label="Done" />
      );
    case 'failed':
      return (
        <CircleX size={15} className="action-card__phase action-card__phase--failed" aria-label="Failed" />
      );
    case 'rejected':
      return (
        <Ban size={15} className="action-card__phase action-card__phase--failed" aria-label="Rejected" />
      );
    case 'not-run':
      return null;
  }
}
