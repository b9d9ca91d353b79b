import type { TranscriptRow } from '../conversation-store/transcript-rows';
import { findEventRow } from './find-event-row';

export type ScrollStep =
  | { kind: 'scroll'; index: number }
  | { kind: 'load-older' }
  | { kind: 'wait' }
  | { kind: 'not-found' };

/**
 * What to do next to bring event `eventId` into view: scroll to its row when it is shown, page older
 * events in while there are some (the conversation opens at its latest page), wait while nothing is
 * loaded yet, and stop when the whole conversation is held without it (another branch, say).
 */
export function nextScrollStep(
  rows: readonly TranscriptRow[],
  eventId: string,
  hasOlder: boolean,
): ScrollStep {
  if (rows.length === 0) return hasOlder ? { kind: 'load-older' } : { kind: 'wait' };
  const index = findEventRow(rows, eventId);
  if (index !== -1) return { kind: 'scroll', index };
  return hasOlder ? { kind: 'load-older' } : { kind: 'not-found' };
}
