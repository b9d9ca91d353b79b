import { CircleExclamationPoint, GitBranch, History, Pencil, Undo2 } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { FilesRestoredEvent, MessageEvent } from '../api/wire-types';
import type { RestoreTarget } from '../changes/restore-dialog';
import type { TranscriptRow } from '../conversation-store/transcript-rows';
import { BudgetNotice } from '../budgets/budget-notice';
import { SafeMarkdown } from '../markdown/safe-markdown';
import { GenericObservationBody } from './action-bodies';
import { ActionCard } from './action-card';
import { CondensationDivider } from './condensation-divider';
import { HookLine } from './hook-line';
import { humanizeCode } from './humanize-code';
import { MessageBubble, MessageFrame } from './message-bubble';
import { Reasoning } from './reasoning';
import { RetryNotice } from './retry-notice';
import './transcript.css';

type ActionTranscriptRow = Extract<TranscriptRow, { type: 'action' }>;

export interface RowCallbacks {
  onBranch(fromEventId: string): void;
  onEditAndResend(message: MessageEvent): void;
  /** Opens the restore dialog (with its preview) for a checkpoint. */
  onRestore(target: RestoreTarget): void;
  /** Why files cannot be restored right now (the agent is working), or null when they can. */
  restoreBlocked: string | null;
  /** "Files restored to before step 2: a.txt" for a restore's row. */
  describeRestore(event: FilesRestoredEvent): string;
}

/** One transcript row, whatever its type. */
export const TranscriptRowView = memo(function TranscriptRowView({
  row,
  callbacks,
}: {
  row: TranscriptRow;
  callbacks: RowCallbacks;
}) {
  switch (row.type) {
    case 'message':
      return (
        <MessageBubble
          event={row.event}
          speaker={row.speaker}
          grouped={row.grouped}
          tools={
            <>
              {row.speaker === 'user' ? (
                <RowTool label="Edit and resend" onClick={() => callbacks.onEditAndResend(row.event)}>
                  <Pencil size={13} />
                </RowTool>
              ) : null}
              <BranchTool eventId={row.event.id} callbacks={callbacks} />
            </>
          }
        />
      );
    case 'thought':
      return (
        <MessageFrame speaker="agent" testId="agent-thought" grouped={row.grouped} seq={row.event.seq}>
          {row.event.reasoning_content ? <Reasoning text={row.event.reasoning_content} /> : null}
          <SafeMarkdown text={(row.event.thought ?? []).map((block) => block.text).join('\n\n')} />
        </MessageFrame>
      );
    case 'action':
      return <ActionRow row={row} callbacks={callbacks} />;
    case 'streaming':
      return (
        <MessageFrame speaker="agent" testId="streaming-message" grouped={row.grouped}>
          {row.item.reasoning ? <Reasoning text={row.item.reasoning} open={!row.item.text} /> : null}
          {row.item.text ? <SafeMarkdown text={row.item.text} /> : null}
          {row.item.retry ? (
            <RetryNotice key={row.item.retry.attempt} retry={row.item.retry} />
          ) : (
            <>
              <span className="streaming-caret" aria-hidden />
              <span className="visually-hidden">The agent is writing…</span>
            </>
          )}
        </MessageFrame>
      );
    case 'optimistic':
      return (
        <MessageFrame
          speaker="user"
          testId="message-user-pending"
          className={row.message.state === 'failed' ? 'message--failed' : 'message--sending'}
        >
          <SafeMarkdown text={row.message.text} />
          <p className={`message__status ${row.message.state === 'failed' ? 'message__status--failed' : ''}`}>
            {row.message.state === 'failed'
              ? `Not sent: ${row.message.error ?? 'unknown error'}`
              : 'Sending…'}
          </p>
        </MessageFrame>
      );
    case 'conversation-error':
      // A compact line where the run stopped, its detail one click away: the banner above the
      // composer already says it in full with what to do, and saying it twice read as two errors.
      return (
        <div className="transcript__indented">
          <details className="transcript-error" data-testid="conversation-error">
            <summary>
              <CircleExclamationPoint size={14} aria-hidden />
              {humanizeCode(row.event.code)}
            </summary>
            <p className="transcript-error__detail">{row.event.detail}</p>
          </details>
        </div>
      );
    case 'marker':
      if (row.event.kind === 'Condensation') return <CondensationDivider event={row.event} />;
      return (
        <div className="transcript__marker" data-testid="transcript-marker">
          <span>{row.label}</span>
        </div>
      );
    case 'files-restored':
      return <FilesRestoredRow event={row.event} callbacks={callbacks} />;
    case 'hook':
      return (
        <div className="transcript__indented">
          <HookLine event={row.event} />
        </div>
      );
    case 'budget':
      return (
        <div className="transcript__indented">
          <BudgetNotice event={row.event} />
        </div>
      );
    case 'orphan':
      return (
        <div className="transcript__indented">
          <div className="orphan">
            {row.event.kind === 'ObservationEvent' ? (
              <GenericObservationBody event={row.event} />
            ) : row.event.kind === 'UserRejectObservation' ? (
              <p>Rejected: {row.event.rejection_reason}</p>
            ) : (
              <p className="orphan__error">{row.event.error}</p>
            )}
          </div>
        </div>
      );
  }
});

/** An action with its outcome, and the row's tools: restore the files to before it, branch after its answer. */
function ActionRow({ row, callbacks }: { row: ActionTranscriptRow; callbacks: RowCallbacks }) {
  const answer = row.outcome.observation ?? row.outcome.rejection ?? row.outcome.errors.at(-1);
  return (
    <div className="transcript__indented">
      <ActionCard
        event={row.event}
        outcome={row.outcome}
        phase={row.phase}
        tools={
          <>
            {row.event.checkpoint_id ? (
              <RowTool
                label="Restore files to here"
                title={callbacks.restoreBlocked ?? 'Put the files back to how they were before this step'}
                disabled={callbacks.restoreBlocked !== null}
                onClick={() =>
                  callbacks.onRestore({
                    checkpointId: row.event.checkpoint_id ?? '',
                    title: 'Restore files to before this step',
                  })
                }
              >
                <History size={13} />
              </RowTool>
            ) : null}
            <BranchTool eventId={answer?.id ?? row.event.id} callbacks={callbacks} />
          </>
        }
      />
    </div>
  );
}

/** A restore of the workspace's files, with the way to undo it. */
function FilesRestoredRow({ event, callbacks }: { event: FilesRestoredEvent; callbacks: RowCallbacks }) {
  return (
    <div className="transcript__indented">
      <div className="files-restored" data-testid="files-restored">
        <History size={15} aria-hidden />
        <span className="files-restored__text">{callbacks.describeRestore(event)}</span>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={callbacks.restoreBlocked !== null}
          title={callbacks.restoreBlocked ?? 'Put the files back to how they were just before this restore'}
          onClick={() =>
            callbacks.onRestore({
              checkpointId: event.backup_checkpoint_id,
              title: 'Undo this restore',
            })
          }
        >
          <Undo2 size={13} aria-hidden />
          Undo this restore
        </button>
      </div>
    </div>
  );
}

function BranchTool({ eventId, callbacks }: { eventId: string; callbacks: RowCallbacks }) {
  return (
    <RowTool label="Branch from here" onClick={() => callbacks.onBranch(eventId)}>
      <GitBranch size={13} />
    </RowTool>
  );
}

function RowTool({
  label,
  title,
  disabled,
  onClick,
  children,
}: {
  label: string;
  title?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="row-tool"
      onClick={disabled ? undefined : onClick}
      aria-label={label}
      title={title ?? label}
      aria-disabled={disabled || undefined}
    >
      {children}
      <span className="row-tool__label">{label}</span>
    </button>
  );
}
