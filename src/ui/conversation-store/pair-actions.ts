import type {
  ActionEvent,
  AgentErrorEvent,
  ConfirmationDecisionEvent,
  Event,
  ObservationEvent,
  UserRejectObservation,
} from '../api/wire-types';

/**
 * What became of one action: its observation, its rejection, the agent errors about its tool call,
 * and who decided whether it could run (rules, the policy, the person), in seq order.
 */
export interface ActionOutcome {
  observation?: ObservationEvent;
  rejection?: UserRejectObservation;
  errors: AgentErrorEvent[];
  decisions: ConfirmationDecisionEvent[];
}

export interface ActionPairing {
  /** By action event id. */
  outcomes: Map<string, ActionOutcome>;
  /** Answers whose action is not held (an older page) or never existed: shown on their own. */
  orphans: Set<string>;
}

/**
 * Pairs every action with what answered it: observations, rejections and confirmation decisions by
 * `action_id`, agent errors by `tool_call_id` (CONTRACT §5). One pass over the events, in seq order.
 * A decision about an action not held is dropped: it only annotates a card.
 */
export function pairActions(events: readonly Event[]): ActionPairing {
  const outcomes = new Map<string, ActionOutcome>();
  const actionByToolCall = new Map<string, ActionEvent>();
  const orphans = new Set<string>();
  for (const event of events) {
    if (event.kind === 'ActionEvent') {
      outcomes.set(event.id, { errors: [], decisions: [] });
      actionByToolCall.set(event.tool_call_id, event);
    } else if (event.kind === 'ObservationEvent' || event.kind === 'UserRejectObservation') {
      const outcome = outcomes.get(event.action_id);
      if (!outcome) orphans.add(event.id);
      else if (event.kind === 'ObservationEvent') outcome.observation = event;
      else outcome.rejection = event;
    } else if (event.kind === 'ConfirmationDecisionEvent') {
      outcomes.get(event.action_id)?.decisions.push(event);
    } else if (event.kind === 'AgentErrorEvent') {
      const action = actionByToolCall.get(event.tool_call_id);
      const outcome = action ? outcomes.get(action.id) : undefined;
      if (outcome) outcome.errors.push(event);
      else orphans.add(event.id);
    }
  }
  return { outcomes, orphans };
}

/** An action is answered once anything about it came back: observation, rejection or agent error. */
export function isAnswered(outcome: ActionOutcome | undefined): boolean {
  return (
    outcome !== undefined &&
    (outcome.observation !== undefined || outcome.rejection !== undefined || outcome.errors.length > 0)
  );
}
