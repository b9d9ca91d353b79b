import type { NewEvent } from '../events';
import { rejectionOf } from '../agent/rejection-of';
import { ruleLabel } from '../security/rule-label';
import { DEFAULT_REJECTION, type PlannedAnswer } from './plan-confirmation-answer';

/**
 * Appends a person's answer to one action: a ConfirmationDecisionEvent (source `user`, naming the rule
 * the answer created), then, for a rejection, the UserRejectObservation the model reads. `alwaysScope`
 * is where a rule of scope `always` went (settings, or the conversation when settings are not wired).
 */
export function recordConfirmationAnswer(
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
