import type { ExecutionStatus } from '../api/wire-types';
import { STATUS_LABELS } from './status-labels';
import './status-dot.css';

/** A small coloured dot for a conversation's status (pulses while running), labelled for screen readers. */
export function StatusDot({ status, queued = false }: { status: ExecutionStatus; queued?: boolean }) {
  const { tone } = STATUS_LABELS[status];
  const label = queued ? 'Queued' : STATUS_LABELS[status].label;
  return (
    <span
      className={`status-dot ${queued ? 'status-dot--queued' : `status-dot--${tone}`} ${status === 'running' ? 'status-dot--pulse' : ''}`}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}
