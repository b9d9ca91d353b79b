import { type DecisionText, describeDecision } from '../../event-facts';
import type { ConfirmationDecisionEvent } from '../api/wire-types';

/** The decision a card shows: the latest one that says something. */
export function finalDecision(decisions: readonly ConfirmationDecisionEvent[]): DecisionText | null {
  for (let index = decisions.length - 1; index >= 0; index--) {
    const decision = decisions[index];
    const text = decision ? describeDecision(decision) : null;
    if (text) return text;
  }
  return null;
}

/** The rule the runtime suggests for an action that was asked about (from its "asked" decision). */
export function suggestedRuleOf(
  decisions: readonly ConfirmationDecisionEvent[],
): ConfirmationDecisionEvent['suggested_rule'] {
  return decisions.findLast((decision) => decision.decision === 'asked' && decision.suggested_rule)
    ?.suggested_rule;
}
