import { type Event, EventSchema, type NewEvent } from '../events';
import { StoreError } from './event-store';

/**
 * Turns a caller's NewEvent into a stored Event: adds `seq` and the resolved parent (omitted for a
 * root), then validates against EventSchema so nothing malformed ever reaches the log. Defaults of the
 * schema are applied, so the returned event is exactly what a later read gives back.
 * Throws StoreError `invalid_event`.
 */
export function stampEvent(event: NewEvent, seq: number, parentId: string | null): Event {
  const { parent_id: _requestedParent, ...fields } = event;
  const candidate = parentId === null ? { ...fields, seq } : { ...fields, seq, parent_id: parentId };
  const parsed = EventSchema.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(event)'}: ${issue.message}`,
    );
    throw new StoreError('invalid_event', `Invalid ${String(event.kind)}: ${issues.join('; ')}`);
  }
  return parsed.data;
}
