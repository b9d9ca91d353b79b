import type { TranscriptRow } from '../conversation-store/transcript-rows';

/**
 * The index of the transcript row that shows event `eventId`, or -1. Search hits are message events,
 * which have a row of their own keyed by the event id; an event folded into another row (an
 * observation shown in its action's card) resolves to that row.
 */
export function findEventRow(rows: readonly TranscriptRow[], eventId: string): number {
  const own = rows.findIndex((row) => row.key === eventId);
  if (own !== -1) return own;
  return rows.findIndex((row) => row.type === 'action' && foldedIds(row).includes(eventId));
}

function foldedIds(row: Extract<TranscriptRow, { type: 'action' }>): string[] {
  const { observation, rejection, errors } = row.outcome;
  return [observation?.id, rejection?.id, ...errors.map((error) => error.id)].filter(
    (id): id is string => id !== undefined,
  );
}
