import type { Action, ApprovalRule, RuleEffect, SecurityRisk } from '../events';
import { matchesRule, ruleSubject } from './match-rule';

export type RuleScope = 'conversation' | 'global';

/** The rule that decides an action, with the set it came from. */
export interface RuleVerdict {
  effect: RuleEffect;
  rule: ApprovalRule;
  scope: RuleScope;
}

export interface RuleCheck {
  /** Absent: no rule decides; the confirmation policy does. */
  verdict?: RuleVerdict;
  /** An allow rule matched but may not allow a HIGH-risk action: the policy decides, and people see why. */
  highRiskAllowSkipped?: { rule: ApprovalRule; scope: RuleScope };
}

const STRENGTH: Record<RuleEffect, number> = { deny: 3, ask: 2, allow: 1 };

/**
 * Which rule decides one action: conversation rules first, then global ones; within a set the
 * strongest matching effect wins (deny, then ask, then allow), the first listed among equals. An allow
 * rule never decides a HIGH-risk action unless it says `allow_high_risk`. Pure.
 */
export function evaluateApprovalRules(input: {
  toolName: string;
  action: Action;
  risk: SecurityRisk;
  workspaceDir: string;
  conversationRules: readonly ApprovalRule[];
  globalRules: readonly ApprovalRule[];
}): RuleCheck {
  const subject = ruleSubject(input.toolName, input.action, input.workspaceDir);
  let highRiskAllowSkipped: RuleCheck['highRiskAllowSkipped'];
  const sets: [RuleScope, readonly ApprovalRule[]][] = [
    ['conversation', input.conversationRules],
    ['global', input.globalRules],
  ];
  for (const [scope, rules] of sets) {
    let best: ApprovalRule | undefined;
    for (const rule of rules) {
      if (best && STRENGTH[rule.effect] <= STRENGTH[best.effect]) continue;
      if (!matchesRule(rule, subject)) continue;
      if (rule.effect === 'allow' && input.risk === 'HIGH' && !rule.allow_high_risk) {
        highRiskAllowSkipped ??= { rule, scope };
        continue;
      }
      best = rule;
      if (rule.effect === 'deny') break;
    }
    if (best) return { verdict: { effect: best.effect, rule: best, scope } };
  }
  return highRiskAllowSkipped ? { highRiskAllowSkipped } : {};
}
