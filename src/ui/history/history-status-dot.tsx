import { STATUS_LABELS } from '../components/status-labels';
import type { ExecutionStatus } from './conversation-list-item';

type Tone = 'running' | 'waiting' | 'danger' | 'muted' | 'queued';

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

/** A queued run (waiting for a slot) shows as a hollow ring, whatever its status says. */
export function HistoryStatusDot({ status, queued = false }: { status: ExecutionStatus; queued?: boolean }) {
  const label = queued ? 'Queued' : STATUS_LABELS[status].label;
  const tone = queued ? 'queued' : LIST_TONES[status];
  return <span className={`history-dot history-dot--${tone}`} role="img" aria-label={label} title={label} />;
}
