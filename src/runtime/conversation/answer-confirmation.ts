import type { ApprovalRule } from '../events';
import type { ConversationLog } from './conversation-log';
import type { PlannedAnswer } from './plan-confirmation-answer';
import { recordConfirmationAnswer } from './record-confirmation-answer';

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
  for (const answer of answers) recordConfirmationAnswer(log, answer, stamp, ruleScope);
}
