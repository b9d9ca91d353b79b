import type { ActionEvent, Event } from '../events';
import { matchToolAnswers } from './match-tool-answers';

/**
 * Actions of the active branch still waiting to run: executable (`action` not null) and not answered
 * by an observation, a rejection or an agent error. In log order, so they run in the order asked.
 */
export function pendingActions(branch: readonly Event[]): ActionEvent[] {
  const { answerOf } = matchToolAnswers(branch);
  return branch.filter(
    (event): event is ActionEvent =>
      event.kind === 'ActionEvent' && event.action !== null && !answerOf.has(event.id),
  );
}
