import { LoaderCircle, WifiOff } from 'lucide-react';
import type { ConnectionStatus } from '../conversation-store/conversation-view-state';
import type { ExecutionStatus, Stats } from '../api/wire-types';
import { StatusDot } from './status-dot';
import { STATUS_LABELS } from './status-labels';

/** What the agent is doing, the connection when it is not live, and what the conversation has used. */
export function StatusLine({
  status,
  connection,
  stats,
}: {
  status: ExecutionStatus | undefined;
  connection: ConnectionStatus;
  stats: Stats | undefined;
}) {
  return (
    <div className="status-line">
      {status ? (
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
      {stats ? (
        <span
          className="status-line__stats"
          title="Prompt tokens · completion tokens · cost"
          data-testid="conversation-stats"
        >
          {formatTokens(stats.prompt_tokens + stats.completion_tokens)} tokens
          {stats.cost !== null && stats.cost > 0 ? (
            <>
              <span className="status-line__sep">·</span>${stats.cost.toFixed(stats.cost < 1 ? 4 : 2)}
            </>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

function formatTokens(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)}k`;
  return `${(count / 1_000_000).toFixed(1)}M`;
}
