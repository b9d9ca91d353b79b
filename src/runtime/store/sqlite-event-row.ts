import { type Event, EventSchema } from '../events';
import type { CorruptRow } from './event-store';

/** The columns an event is read back from. */
export interface EventRow {
  seq: number;
  json: string;
}

export type RowResult = { ok: true; event: Event } | { ok: false; error: string };

/**
 * Reads one stored row back into an Event: the JSON plus the seq column, checked against EventSchema,
 * so a row damaged on disk or written by a newer version with a kind this one does not know is caught
 * here instead of deep in the loop or the UI.
 */
export function parseEventRow(row: EventRow): RowResult {
  let fields: unknown;
  try {
    fields = JSON.parse(row.json);
  } catch (error) {
    return { ok: false, error: `not JSON: ${(error as Error).message}` };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return { ok: false, error: 'not a JSON object' };
  }
  const parsed = EventSchema.safeParse({ ...fields, seq: row.seq });
  if (!parsed.success) {
    const kind = (fields as { kind?: unknown }).kind;
    const detail = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(event)'}: ${issue.message}`,
    );
    return {
      ok: false,
      error: `${typeof kind === 'string' ? kind : 'event'} does not parse: ${detail.join('; ')}`,
    };
  }
  return { ok: true, event: parsed.data };
}

/**
 * Parses rows, skipping the ones that fail and reporting each of those once per store (reads repeat;
 * the report should not).
 */
export function createEventRowReader(onCorruptRow: (row: CorruptRow) => void) {
  const reported = new Set<string>();
  return function readRows(conversationId: string, rows: readonly EventRow[]): Event[] {
    const events: Event[] = [];
    for (const row of rows) {
      const result = parseEventRow(row);
      if (result.ok) {
        events.push(result.event);
        continue;
      }
      const key = `${conversationId}:${row.seq}`;
      if (!reported.has(key)) {
        reported.add(key);
        onCorruptRow({ conversationId, seq: row.seq, error: result.error });
      }
    }
    return events;
  };
}
