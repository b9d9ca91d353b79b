import { CircleExclamationPoint, ShieldExclamationPoint } from 'lucide-react';
import { useMemo } from 'react';
import { budgetPause } from '../../event-facts';
import type { ConversationInfo, Event } from '../api/wire-types';
import { BudgetPauseCard } from '../budgets/budget-pause-card';
import type { ConnectionStatus } from '../conversation-store/conversation-view-state';
import { WorkspaceHooksNotice } from '../hooks/workspace-hooks-notice';
import { Composer } from './composer';
import { ConversationBanner } from './conversation-banner';
import { latestConversationError } from './latest-conversation-error';
import { RunControls } from './run-controls';
import { StatusLine } from './status-line';
import type { ConversationCommands } from './use-conversation-commands';
import type { PendingApproval } from './use-pending-approval';

/**
 * Everything under the transcript: the notices that need the person (workspace hooks, errors, a
 * budget pause, a failed branch, actions waiting while the dialog is closed), the status bar with
 * the run controls, and the composer. `forkErrorShown` is false while the branch dialog shows the
 * fork's error itself.
 */
export function ConversationDock({
  conversationId,
  info,
  branchEvents,
  connection,
  finishing,
  commands,
  approval,
  forkErrorShown,
  onBranch,
  onInfo,
}: {
  conversationId: string;
  info: ConversationInfo | null;
  /** The active branch's events. */
  branchEvents: readonly Event[];
  connection: ConnectionStatus;
  finishing: boolean;
  commands: ConversationCommands;
  approval: PendingApproval;
  forkErrorShown: boolean;
  onBranch: (fromEventId: string | undefined) => void;
  onInfo: (info: ConversationInfo) => void;
}) {
  const status = info?.execution_status;
  const conversationError = useMemo(() => latestConversationError(branchEvents), [branchEvents]);
  const pausedByBudget = useMemo(() => budgetPause(branchEvents, status), [branchEvents, status]);
  const { pending, dialogOpen } = approval;
  return (
    <div className="conversation__dock">
      <WorkspaceHooksNotice conversationId={conversationId} />
      <ConversationBanner status={status} error={conversationError} onResume={() => commands.run.mutate()} />
      {pausedByBudget ? (
        <BudgetPauseCard
          key={pausedByBudget.id}
          conversationId={conversationId}
          event={pausedByBudget}
          onInfo={onInfo}
        />
      ) : null}
      {commands.fork.isError && forkErrorShown ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>Could not branch: {commands.fork.error.message}</span>
        </div>
      ) : null}
      {pending.length > 0 && !dialogOpen ? (
        <button
          type="button"
          className="review-pending"
          onClick={approval.review}
          data-testid="review-pending"
        >
          <ShieldExclamationPoint size={15} aria-hidden />
          {pending.length === 1 ? '1 action is' : `${pending.length} actions are`} waiting for your approval
          <span className="review-pending__cta">Review</span>
        </button>
      ) : null}
      <div className="conversation__bar">
        <StatusLine
          conversationId={conversationId}
          model={info?.llm.model}
          events={branchEvents}
          status={status}
          queue={info?.run_queue ?? null}
          connection={connection}
          stats={info?.stats}
        />
        <RunControls
          status={status}
          queued={Boolean(info?.run_queue)}
          finishing={finishing}
          commands={commands}
          conversationId={conversationId}
          events={branchEvents}
        />
      </div>
      <Composer
        conversationId={conversationId}
        sending={commands.send.isPending}
        onSend={(message) => commands.send.mutate(message)}
        workingDir={info?.workspace.working_dir}
        onBranch={branchEvents.length > 0 ? () => onBranch(branchEvents.at(-1)?.id) : undefined}
        placeholder={status === 'running' ? 'Add a message for the agent…' : 'Reply or give the next task…'}
      />
    </div>
  );
}
