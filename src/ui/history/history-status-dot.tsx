import type { ExecutionStatus } from './conversation-list-item';

type Tone = 'running' | 'waiting' | 'danger' | 'muted';

/**
 * How a status reads in the list. Only what needs the person stands out: running pulses in the
 * accent colour, "waiting for you" is amber, error and stuck are red; finished, ready and paused
 * stay quiet.
 */
export const LIST_STATUS: Record<ExecutionStatus, { label: string; tone: Tone }> = {
  running: { label: 'Running', tone: 'running' },
  waiting_for_confirmation: { label: 'Waiting for you', tone: 'waiting' },
  error: { label: 'Error', tone: 'danger' },
  stuck: { label: 'Stuck', tone: 'danger' },
  finished: { label: 'Finished', tone: 'muted' },
  idle: { label: 'Ready', tone: 'muted' },
  paused: { label: 'Paused', tone: 'muted' },
};

export function HistoryStatusDot({ status }: { status: ExecutionStatus }) {
  const { label, tone } = LIST_STATUS[status];
  return <span className={`history-dot history-dot--${tone}`} role="img" aria-label={label} title={label} />;
}
