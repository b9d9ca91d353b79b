/**
 * The least of a ConfirmationDecisionEvent that its wording needs: the runtime's zod event and the
 * UI's wire type both fit.
 */
export interface DecisionFacts {
  readonly decision: 'allowed' | 'rejected' | 'asked';
  readonly decided_by: 'user' | 'rule' | 'policy' | 'hook';
  readonly rule?: { readonly label: string; readonly scope: 'conversation' | 'global' } | undefined;
  readonly scope?: 'once' | 'conversation' | 'always' | undefined;
  readonly reason?: string | undefined;
}

/** One decision as people read it: `lead`, then the rule in code style, then `tail`. */
export interface DecisionText {
  verdict: DecisionFacts['decision'];
  lead: string;
  rule?: string;
  tail?: string;
}

const SCOPE_OF_RULE = { conversation: '(this conversation)', global: '(all conversations)' } as const;
const SCOPE_OF_ANSWER = { once: 'once', conversation: 'for this conversation', always: 'always' } as const;
/** What `decisionLine` says for the routine case `describeDecision` leaves out. */
const ROUTINE = 'Allowed by the approval policy';

/**
 * Who decided whether an action could run, in the words the approval dialog and the settings use:
 * "Allowed by rule `npm test` (this conversation)", "Asked: no rule matched", "Approved by you ·
 * once". Null for the approval policy simply letting an action through: the ordinary case, not worth
 * a line on every card. Pure; never throws.
 */
export function describeDecision(decision: DecisionFacts): DecisionText | null {
  const { decision: verdict, decided_by: decidedBy, rule } = decision;
  const reason = decision.reason ? `(${decision.reason})` : undefined;
  if (decidedBy === 'rule' && rule) {
    const lead = { allowed: 'Allowed by rule', rejected: 'Rejected by rule', asked: 'Asked by rule' }[
      verdict
    ];
    return { verdict, lead, rule: rule.label, tail: SCOPE_OF_RULE[rule.scope] };
  }
  if (decidedBy === 'user') {
    if (verdict === 'rejected') return { verdict, lead: 'Rejected by you', ...withTail(reason) };
    const lead = `Approved by you · ${SCOPE_OF_ANSWER[decision.scope ?? 'once']}`;
    if (!rule) return { verdict, lead, ...withTail(reason) };
    // An answer for the conversation or for good also made an allow rule: name it.
    const tail = reason === undefined ? SCOPE_OF_RULE[rule.scope] : `${SCOPE_OF_RULE[rule.scope]} ${reason}`;
    return { verdict, lead: `${lead}, adding rule`, rule: rule.label, tail };
  }
  if (decidedBy === 'hook') {
    const lead = { allowed: 'Allowed by a hook', rejected: 'Rejected by a hook', asked: 'Asked by a hook' }[
      verdict
    ];
    return { verdict, lead, ...withTail(reason) };
  }
  if (verdict === 'asked') return { verdict, lead: 'Asked: no rule matched', ...withTail(reason) };
  if (verdict === 'rejected')
    return { verdict, lead: 'Rejected by the approval policy', ...withTail(reason) };
  return null;
}

/** The same wording as one plain line (a Markdown export): the rule in backticks. Never empty. */
export function decisionLine(decision: DecisionFacts): string {
  const text = describeDecision(decision);
  if (text === null) return ROUTINE;
  return [text.lead, text.rule === undefined ? undefined : `\`${text.rule}\``, text.tail]
    .filter((part) => part !== undefined)
    .join(' ');
}

function withTail(tail: string | undefined): { tail?: string } {
  return tail ? { tail } : {};
}
