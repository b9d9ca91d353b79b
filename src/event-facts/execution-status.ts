import { isStateUpdate, type RuleEvent, type StateUpdateShape } from './rule-events';

/** The last state update of `key` among `events[0..end)`, or undefined when there is none. */
export function lastStateUpdate<E extends RuleEvent>(
  events: readonly E[],
  key: string,
  end: number = events.length,
): (E & StateUpdateShape) | undefined {
  for (let index = Math.min(end, events.length) - 1; index >= 0; index--) {
    const event = events[index];
    if (event && isStateUpdate(event) && event.key === key) return event;
  }
  return undefined;
}

/**
 * The execution status the log says among `events[0..end)`: the value of its last `execution_status`
 * state update that is a status at all. A value the reader does not know (a newer runtime) is skipped,
 * as a fold of the updates skips it, so the status stays the last one it understood. Undefined when
 * no update says. `isStatus` is the caller's list of statuses: this folder knows no schema.
 */
export function statusFromEvents<S extends string, E extends RuleEvent>(
  events: readonly E[],
  isStatus: (value: unknown) => value is S,
  end: number = events.length,
): S | undefined {
  for (let index = Math.min(end, events.length) - 1; index >= 0; index--) {
    const event = events[index];
    if (event && isStateUpdate(event) && event.key === 'execution_status' && isStatus(event.value))
      return event.value;
  }
  return undefined;
}
