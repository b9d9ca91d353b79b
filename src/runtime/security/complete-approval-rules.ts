import type { ApprovalRule, ApprovalRuleInput } from '../events';

/**
 * Rules as a client sent them, made whole: a missing id gets a new one, a missing creation time the
 * current time, and `allow_high_risk` its default. Pure: ids and time come in.
 */
export function completeApprovalRules(
  inputs: readonly ApprovalRuleInput[],
  newId: () => string,
  now: () => string,
): ApprovalRule[] {
  return inputs.map((input) => ({
    id: input.id ?? newId(),
    tool: input.tool,
    matcher: input.matcher,
    effect: input.effect,
    allow_high_risk: input.allow_high_risk ?? false,
    created_at: input.created_at ?? now(),
  }));
}
