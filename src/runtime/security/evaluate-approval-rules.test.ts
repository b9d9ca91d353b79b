import { describe, expect, it } from 'vitest';
import type { Action, ApprovalRule, RuleEffect, SecurityRisk } from '../events';
import { evaluateApprovalRules } from './evaluate-approval-rules';

let count = 0;
function rule(effect: RuleEffect, prefix: string, allowHighRisk = false): ApprovalRule {
  count += 1;
  return {
    id: `00000000-0000-4000-8000-${count.toString().padStart(12, '0')}`,
    tool: 'terminal',
    matcher: { kind: 'command_prefix', prefix },
    effect,
    allow_high_risk: allowHighRisk,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}
const action: Action = { kind: 'TerminalAction', command: 'npm test -- -u', is_input: false, reset: false };
const evaluate = (
  conversationRules: ApprovalRule[],
  globalRules: ApprovalRule[] = [],
  risk: SecurityRisk = 'LOW',
) =>
  evaluateApprovalRules({
    toolName: 'terminal',
    action,
    risk,
    workspaceDir: '/w',
    conversationRules,
    globalRules,
  });

describe('evaluateApprovalRules', () => {
  it('no matching rule leaves the decision to the policy', () => {
    expect(evaluate([rule('deny', 'git')], [rule('allow', 'npm run')])).toEqual({});
  });

  it('within a set deny beats ask beats allow, whatever the order', () => {
    const allow = rule('allow', 'npm');
    const ask = rule('ask', 'npm test');
    const deny = rule('deny', 'npm test');
    expect(evaluate([allow, ask]).verdict?.rule).toBe(ask);
    expect(evaluate([allow, ask, deny]).verdict?.rule).toBe(deny);
    expect(evaluate([deny, allow]).verdict?.effect).toBe('deny');
  });

  it('a conversation rule decides before any global one', () => {
    const allow = rule('allow', 'npm test');
    expect(evaluate([allow], [rule('deny', 'npm')]).verdict).toEqual({
      effect: 'allow',
      rule: allow,
      scope: 'conversation',
    });
    expect(evaluate([], [rule('deny', 'npm')]).verdict?.scope).toBe('global');
  });

  it('an allow rule skips a HIGH-risk action unless it allows high risk; ask and deny still apply', () => {
    const allow = rule('allow', 'npm test');
    expect(evaluate([allow], [], 'HIGH')).toEqual({
      highRiskAllowSkipped: { rule: allow, scope: 'conversation' },
    });
    expect(evaluate([allow], [rule('allow', 'npm', true)], 'HIGH').verdict?.scope).toBe('global');
    expect(evaluate([rule('deny', 'npm')], [], 'HIGH').verdict?.effect).toBe('deny');
    expect(evaluate([allow], [], 'UNKNOWN').verdict?.effect).toBe('allow');
  });
});
