import { CircleExclamationPoint, GitBranch, Pencil } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { MessageEvent } from '../api/wire-types';
import type { TranscriptRow } from '../conversation-store/transcript-rows';
import { SafeMarkdown } from '../markdown/safe-markdown';
import { GenericObservationBody } from './action-bodies';
import { ActionCard } from './action-card';
import { humanizeCode } from './humanize-code';
import { MessageBubble, MessageFrame } from './message-bubble';
import './transcript.css';

export interface RowCallbacks {
  onBranch(fromEventId: string): void;
  onEditAndResend(message: MessageEvent): void;
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
        <MessageFrame speaker="agent" testId="agent-thought" grouped={row.grouped}>
          {row.event.reasoning_content ? <Reasoning text={row.event.reasoning_content} /> : null}
          <SafeMarkdown text={(row.event.thought ?? []).map((block) => block.text).join('\n\n')} />
        </MessageFrame>
      );
    case 'action': {
      const answer = row.outcome.observation ?? row.outcome.rejection ?? row.outcome.errors.at(-1);
      return (
        <div className="transcript__indented">
          <ActionCard
            event={row.event}
            outcome={row.outcome}
            phase={row.phase}
            tools={<BranchTool eventId={answer?.id ?? row.event.id} callbacks={callbacks} />}
          />
        </div>
      );
    }
    case 'streaming':
      return (
        <MessageFrame speaker="agent" testId="streaming-message" grouped={row.grouped}>
          {row.item.reasoning ? <Reasoning text={row.item.reasoning} open={!row.item.text} /> : null}
          {row.item.text ? <SafeMarkdown text={row.item.text} /> : null}
          <span className="streaming-caret" aria-hidden />
          <span className="visually-hidden">The agent is writing…</span>
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
      return (
        <div className="transcript__indented">
          <div className="notice notice--error" data-testid="conversation-error">
            <CircleExclamationPoint size={16} aria-hidden />
            <span>
              <strong>{humanizeCode(row.event.code)}.</strong> {row.event.detail}
            </span>
          </div>
        </div>
      );
    case 'marker':
      return (
        <div className="transcript__marker" data-testid="transcript-marker">
          <span>{row.label}</span>
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

function BranchTool({ eventId, callbacks }: { eventId: string; callbacks: RowCallbacks }) {
  return (
    <RowTool label="Branch from here" onClick={() => callbacks.onBranch(eventId)}>
      <GitBranch size={13} />
    </RowTool>
  );
}

function RowTool({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="row-tool" onClick={onClick} aria-label={label} title={label}>
      {children}
      <span className="row-tool__label">{label}</span>
    </button>
  );
}

function Reasoning({ text, open }: { text: string; open?: boolean }) {
  return (
    <details className="reasoning" open={open}>
      <summary>Reasoning</summary>
      <div className="reasoning__text">{text}</div>
    </details>
  );
}
