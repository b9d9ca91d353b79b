import { pairAnswers } from './pair-answers';
import { type ActionIn, isAction, type RuleEvent } from './rule-events';

/**
 * Actions still waiting to run: executable (`action` set; null means the call could not be parsed
 * and an agent error answers it) and not ended by any answer (see pairAnswers). In log order, so they
 * run, and the approval dialog lists them, in the order the model asked.
 */
export function pendingActions<E extends RuleEvent>(events: readonly E[]): ActionIn<E>[] {
  const { answerOf } = pairAnswers(events);
  return events.filter(
    (event): event is ActionIn<E> =>
      isAction(event) && event.action !== null && event.action !== undefined && !answerOf.has(event.id),
  );
}
