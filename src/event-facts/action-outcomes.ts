import { pairAnswers } from './pair-answers';
import { type DecisionIn, isDecision, type RuleEvent } from './rule-events';

/**
 * What became of one action, as its card shows it: the answer that ended it (see pairAnswers: one at
 * most, so at most one of observation, rejection and errors is set) and who decided whether it could
 * run, in log order.
 */
export interface ActionOutcome<E> {
  observation?: Extract<E, { kind: 'ObservationEvent' }>;
  rejection?: Extract<E, { kind: 'UserRejectObservation' }>;
  /** The agent error that ended it: empty or one (a list, so a card lists what it has). */
  errors: Extract<E, { kind: 'AgentErrorEvent' }>[];
  decisions: DecisionIn<E>[];
}

export interface ActionOutcomes<E> {
  /** By action event id, for every action among the events. */
  outcomes: Map<string, ActionOutcome<E>>;
  /** Answers that end no action here (pairAnswers' `unpaired`): shown on their own, never dropped. */
  orphans: Set<string>;
}

/**
 * Every action with what answered it and the decisions about it. A decision about an action not among
 * the events (or not before it) is dropped: it only annotates a card.
 */
export function actionOutcomes<E extends RuleEvent>(events: readonly E[]): ActionOutcomes<E> {
  const { answerOf, unpaired } = pairAnswers(events);
  const outcomes = new Map<string, ActionOutcome<E>>();
  for (const event of events) {
    if (event.kind === 'ActionEvent') {
      const outcome: ActionOutcome<E> = { errors: [], decisions: [] };
      const answer = answerOf.get(event.id) as RuleEvent | undefined;
      if (answer?.kind === 'ObservationEvent')
        outcome.observation = answer as Extract<E, { kind: 'ObservationEvent' }>;
      else if (answer?.kind === 'UserRejectObservation')
        outcome.rejection = answer as Extract<E, { kind: 'UserRejectObservation' }>;
      else if (answer?.kind === 'AgentErrorEvent')
        outcome.errors.push(answer as Extract<E, { kind: 'AgentErrorEvent' }>);
      outcomes.set(event.id, outcome);
    } else if (isDecision(event)) {
      outcomes.get(event.action_id)?.decisions.push(event);
    }
  }
  return { outcomes, orphans: unpaired };
}

/** An action is answered once anything ended it: an observation, a rejection or an agent error. */
export function isAnswered<E>(outcome: ActionOutcome<E> | undefined): boolean {
  return (
    outcome !== undefined &&
    (outcome.observation !== undefined || outcome.rejection !== undefined || outcome.errors.length > 0)
  );
}
