import type { ExecutionStatus } from '../api/wire-types';

/** How each execution status reads to a person, and its colour family. */
export const STATUS_LABELS: Record<
  ExecutionStatus,
  { label: string; tone: 'accent' | 'warning' | 'success' | 'danger' | 'muted' }
> = {
  idle: { label: 'Ready', tone: 'muted' },
  running: { label: 'Running', tone: 'accent' },
  paused: { label: 'Paused', tone: 'muted' },
  waiting_for_confirmation: { label: 'Waiting for you', tone: 'warning' },
  finished: { label: 'Finished', tone: 'success' },
  error: { label: 'Error', tone: 'danger' },
  stuck: { label: 'Stuck', tone: 'danger' },
};
