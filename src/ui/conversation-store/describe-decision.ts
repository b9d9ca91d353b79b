import type { ConfirmationDecisionEvent } from '../api/wire-types';

/** One decision as a card says it: `lead`, then the rule in code style, then `tail`. */
export interface DecisionText {
  verdict: ConfirmationDecisionEvent['decision'];
  lead: string;
  rule?: string;
  tail?: string;
}

const SCOPE_OF_RULE = { conversation: '(this conversation)', global: '(all conversations)' } as const;
const SCOPE_OF_ANSWER = { once: 'once', conversation: 'for this conversation', always: 'always' } as const;

/**
 * Who decided whether an action could run, in words: "Allowed by rule `npm test` (this
 * conversation)", "Asked: no rule matched", "Approved by you · once". Null for the policy simply
 * letting an action through, which is the ordinary case and not worth a line on every card.
 */
export function describeDecision(decision: ConfirmationDecisionEvent): DecisionText | null {
  const { decision: verdict, decided_by: decidedBy, rule } = decision;
  if (decidedBy === 'rule' && rule) {
    const lead = { allowed: 'Allowed by rule', rejected: 'Rejected by rule', asked: 'Asked by rule' }[
      verdict
    ];
    return { verdict, lead, rule: rule.label, tail: SCOPE_OF_RULE[rule.scope] };
  }
  if (decidedBy === 'user') {
    if (verdict === 'rejected') return { verdict, lead: 'Rejected by you' };
    return { verdict, lead: `Approved by you · ${SCOPE_OF_ANSWER[decision.scope ?? 'once']}` };
  }
  if (decidedBy === 'hook') {
    const lead = { allowed: 'Allowed by a hook', rejected: 'Rejected by a hook', asked: 'Asked by a hook' }[
      verdict
    ];
    return { verdict, lead, ...(decision.reason ? { tail: decision.reason } : {}) };
  }
  if (verdict === 'asked') return { verdict, lead: 'Asked: no rule matched' };
  if (verdict === 'rejected') return { verdict, lead: 'Rejected by the approval policy' };
  return null;
}

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
