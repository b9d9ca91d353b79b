import { type Event, EventSchema, type NewEvent } from '../events';
import { StoreError } from './event-store';

/**
 * Turns a caller's NewEvent into a stored Event: adds `seq` and the resolved parent (omitted for a
 * root), then validates against EventSchema so nothing malformed ever reaches the log (once per event
 * object: see stampedBefore). Defaults of the schema are applied, so the returned event is exactly
 * what a later read gives back.
 * Throws StoreError `invalid_event`.
 */
export function stampEvent(event: NewEvent, seq: number, parentId: string | null): Event {
  const known = stampedBefore.get(event);
  // Placed the same way (a root or not): the checked fields again, at this seq and under this parent.
  // The keys keep the schema's order, so the result reads the same as a fresh check's.
  if (known && (known.parent_id === undefined) === (parentId === null))
    return parentId === null ? { ...known, seq } : { ...known, seq, parent_id: parentId };
  const { parent_id: _requestedParent, ...fields } = event;
  const candidate = parentId === null ? { ...fields, seq } : { ...fields, seq, parent_id: parentId };
  const parsed = EventSchema.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(event)'}: ${issue.message}`,
    );
    throw new StoreError('invalid_event', `Invalid ${String(event.kind)}: ${issues.join('; ')}`);
  }
  stampedBefore.set(event, parsed.data);
  return parsed.data;
}

/**
 * What each event object was last stamped to. A conversation stamps an event for its memory and the
 * store stamps the same object again when it writes it: the schema check, the costly part, runs once.
 * The two results are distinct objects that share their nested values; events are never changed
 * once stamped.
 */
const stampedBefore = new WeakMap<NewEvent, Event>();
