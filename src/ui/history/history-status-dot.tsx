import { STATUS_LABELS } from '../conversation/status-labels';
import type { ExecutionStatus } from './conversation-list-item';

type Tone = 'running' | 'waiting' | 'danger' | 'muted';

/**
 * The list's own colours (the words are the conversation view's). Only what needs the person stands
 * out: running pulses in the accent colour, "waiting for you" is amber, error and stuck are red;
 * finished, ready and paused stay quiet.
 */
const LIST_TONES: Record<ExecutionStatus, Tone> = {
  running: 'running',
  waiting_for_confirmation: 'waiting',
  error: 'danger',
  stuck: 'danger',
  finished: 'muted',
  idle: 'muted',
  paused: 'muted',
};

export function HistoryStatusDot({ status }: { status: ExecutionStatus }) {
  const { label } = STATUS_LABELS[status];
  const tone = LIST_TONES[status];
  return <span className={`history-dot history-dot--${tone}`} role="img" aria-label={label} title={label} />;
}
