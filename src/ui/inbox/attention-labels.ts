import type { AttentionKind } from './attention-items';

/** Each kind in a person's words: the short label of a row, the heading of a notification. */
export const ATTENTION_LABELS: Record<AttentionKind, string> = {
  approval: 'Waiting for your approval',
  finished: 'Finished',
  failed: 'Failed',
  stuck: 'Stuck',
  paused: 'Paused, waiting for you',
  run_failed: 'Automation run failed',
};
