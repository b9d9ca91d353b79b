import { rejectionOf } from '../agent/rejection-of';
import type { ApprovalRule, NewEvent } from '../events';
import { ruleLabel } from '../security/rule-label';
import type { ConversationLog } from './conversation-log';
import { DEFAULT_REJECTION, type PlannedAnswer } from './plan-confirmation-answer';

export interface AnswerPorts {
  newId(): string;
  now(): string;
  /** Persists a global allow rule; absent: `always` answers add a conversation rule instead. May throw. */
  addGlobalApprovalRule?: ((rule: ApprovalRule) => void) | undefined;
}

/**
 * Records a person's planned answers to the pending actions: the rules they asked to remember first
 * (global ones before anything else, so when settings.json cannot be written nothing at all is
 * recorded), then each decision and its rejection or approval.
 */
export function recordConfirmationAnswers(
  log: ConversationLog,
  answers: readonly PlannedAnswer[],
  ports: AnswerPorts,
): void {
  const conversationRules: ApprovalRule[] = [];
  for (const { scope, newRule } of answers) {
    if (!newRule) continue;
    if (scope === 'always' && ports.addGlobalApprovalRule) ports.addGlobalApprovalRule(newRule);
    else conversationRules.push(newRule);
  }
  if (conversationRules.length > 0) {
    const rules = [...log.record().approval_rules, ...conversationRules];
    void log.setState('approval_rules', rules, { approval_rules: rules });
  }
  const stamp = () => ({ id: ports.newId(), timestamp: ports.now() });
  const ruleScope = ports.addGlobalApprovalRule ? 'global' : 'conversation';
  for (const answer of answers) recordAnswer(log, answer, stamp, ruleScope);
}

/**
 * Appends a person's answer to one action: a ConfirmationDecisionEvent (source `user`, naming the rule
 * the answer created), then, for a rejection, the UserRejectObservation the model reads. `alwaysScope`
 * is where a rule of scope `always` went (settings, or the conversation when settings are not wired).
 */
function recordAnswer(
  log: { append(event: NewEvent): unknown },
  { action, accept, scope, reason, newRule }: PlannedAnswer,
  stamp: () => { id: string; timestamp: string },
  alwaysScope: 'global' | 'conversation',
): void {
  log.append({
    kind: 'ConfirmationDecisionEvent',
    ...stamp(),
    source: 'user',
    action_id: action.id,
    decision: accept ? 'allowed' : 'rejected',
    decided_by: 'user',
    scope,
    ...(reason ? { reason } : {}),
    ...(newRule
      ? {
          rule: {
            id: newRule.id,
            label: ruleLabel(newRule.tool, newRule.matcher),
            scope: scope === 'always' ? alwaysScope : 'conversation',
          },
        }
      : {}),
  });
  if (accept) return;
  log.append(rejectionOf(action, reason ?? DEFAULT_REJECTION, stamp(), 'user'));
}
