import type { ActionEvent, Event } from '../api/wire-types';
import { isAnswered, pairActions } from './pair-actions';

/**
 * Actions that were turned into something executable and have no answer yet (SCENARIOS 1–6). While
 * the status is waiting_for_confirmation these are the ones the approval dialog lists.
 */
export function pendingActions(events: readonly Event[]): ActionEvent[] {
  const { outcomes } = pairActions(events);
  return events.filter(
    (event): event is ActionEvent =>
      event.kind === 'ActionEvent' &&
      event.action !== null &&
      event.action !== undefined &&
      !isAnswered(outcomes.get(event.id)),
  );
}
