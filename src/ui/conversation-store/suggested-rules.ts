import type { ActionEvent, ConfirmationDecisionEvent, Event } from '../api/wire-types';
import { suggestedRuleOf } from './final-decision';
import { actionOutcomes } from '../../event-facts';

/** For each pending action, the rule the runtime suggested when it asked (absent when it had none). */
export function suggestedRules(
  events: readonly Event[],
  pending: readonly ActionEvent[],
): Map<string, ConfirmationDecisionEvent['suggested_rule']> {
  if (pending.length === 0) return new Map();
  const { outcomes } = actionOutcomes(events);
  return new Map(
    pending.map((action) => [action.id, suggestedRuleOf(outcomes.get(action.id)?.decisions ?? [])]),
  );
}

/** For each pending action, the decisions recorded about it so far (why it is being asked). */
export function decisionsOf(
  events: readonly Event[],
  pending: readonly ActionEvent[],
): Map<string, readonly ConfirmationDecisionEvent[]> {
  if (pending.length === 0) return new Map();
  const { outcomes } = actionOutcomes(events);
  return new Map(pending.map((action) => [action.id, outcomes.get(action.id)?.decisions ?? []]));
}
