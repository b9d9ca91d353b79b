import type { ExecutionStatus } from '../api/wire-types';
import { STATUS_LABELS } from './status-labels';
import './status-dot.css';

/** A small coloured dot for a conversation's status (pulses while running), labelled for screen readers. */
export function StatusDot({ status }: { status: ExecutionStatus }) {
  const { label, tone } = STATUS_LABELS[status];
  return (
    <span
      className={`status-dot status-dot--${tone} ${status === 'running' ? 'status-dot--pulse' : ''}`}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}
