import { LoaderCircle, WifiOff } from 'lucide-react';
import type { ConnectionStatus } from '../conversation-store/conversation-view-state';
import type { Event, ExecutionStatus, Stats } from '../api/wire-types';
import { ContextStatus } from './context-status';
import { StatusDot } from '../components/status-dot';
import { STATUS_LABELS } from '../components/status-labels';
import { type RunQueuePlace, runQueueLabel } from '../components/run-queue-label';

/** What the agent is doing, the connection when it is not live, and what the conversation has used (ContextStatus). */
export function StatusLine({
  conversationId,
  model,
  events,
  status,
  queue,
  connection,
  stats,
}: {
  conversationId: string;
  model: string | undefined;
  /** The active branch, for the context gauge. */
  events: readonly Event[];
  status: ExecutionStatus | undefined;
  /** Where the run waits for a slot (`run_queue`); null when it does not. */
  queue: RunQueuePlace | null;
  connection: ConnectionStatus;
  stats: Stats | undefined;
}) {
  return (
    <div className="status-line" data-testid="status-line" data-connection={connection}>
      {status && queue ? (
        <span
          className="status-line__status status-line__status--queued"
          data-testid="conversation-status"
          data-status="queued"
        >
          <StatusDot status={status} queued />
          {runQueueLabel(queue)}
        </span>
      ) : status ? (
        <span
          className={`status-line__status status-line__status--${status}`}
          data-testid="conversation-status"
          data-status={status}
        >
          <StatusDot status={status} />
          {STATUS_LABELS[status].label}
        </span>
      ) : null}
      {connection === 'reconnecting' ? (
        <span className="status-line__connection" role="status" data-testid="reconnecting">
          <WifiOff size={12} aria-hidden /> Reconnecting…
        </span>
      ) : connection === 'connecting' ? (
        <span className="status-line__connection status-line__connection--quiet" role="status">
          <LoaderCircle size={12} className="spin" aria-hidden /> Connecting…
        </span>
      ) : null}
      <ContextStatus conversationId={conversationId} model={model} events={events} stats={stats} />
    </div>
  );
}
