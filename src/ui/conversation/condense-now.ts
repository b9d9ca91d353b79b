import type { Event, ExecutionStatus } from '../api/wire-types';

/** The events the model reads besides the system prompt. */
const MODEL_VISIBLE: ReadonlySet<Event['kind']> = new Set([
  'MessageEvent',
  'ActionEvent',
  'ObservationEvent',
  'UserRejectObservation',
  'AgentErrorEvent',
  'FilesRestoredEvent',
]);

/**
 * Why "Condense now" cannot do anything on this branch, or null when it can. The runtime always
 * keeps the task (the first message) and forgets nothing twice, so there must be something the
 * model still reads after the task. Mirrors the runtime's rule closely enough to avoid a button
 * that silently does nothing; the runtime stays the judge.
 */
export function condenseNowBlocked(
  events: readonly Event[],
  status: ExecutionStatus | undefined,
): string | null {
  if (status === undefined) return 'The conversation is still loading';
  const forgotten = new Set<string>();
  for (const event of events)
    if (event.kind === 'Condensation') for (const id of event.forgotten_event_ids) forgotten.add(id);
  let taskSeen = false;
  let condensable = 0;
  for (const event of events) {
    if (!MODEL_VISIBLE.has(event.kind)) continue;
    if (!taskSeen) {
      taskSeen = event.kind === 'MessageEvent' && event.source === 'user';
      continue;
    }
    if (!forgotten.has(event.id)) condensable += 1;
  }
  if (condensable > 0) return null;
  return forgotten.size > 0
    ? 'Nothing new to condense since the last summary'
    : 'Nothing to condense yet: the model has read only the task';
}

/** What pressing it will do now: condense at once, or (while the agent works) before its next step. */
export function condenseNowTitle(status: ExecutionStatus | undefined): string {
  return status === 'running' || status === 'waiting_for_confirmation'
    ? 'Summarise the earlier history before the agent’s next step, so the model reads less'
    : 'Summarise the earlier history now, so the model reads less (the transcript stays)';
}
