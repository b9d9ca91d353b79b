import { describe, expect, it } from 'vitest';
import { type DecisionFacts, decisionLine, describeDecision } from './describe-decision';

const rule = { label: 'npm test', scope: 'conversation' as const };

describe('decisionLine', () => {
  it.each<[DecisionFacts, string]>([
    [{ decision: 'allowed', decided_by: 'rule', rule }, 'Allowed by rule `npm test` (this conversation)'],
    [
      { decision: 'rejected', decided_by: 'rule', rule: { ...rule, scope: 'global' } },
      'Rejected by rule `npm test` (all conversations)',
    ],
    [{ decision: 'asked', decided_by: 'rule', rule }, 'Asked by rule `npm test` (this conversation)'],
    [{ decision: 'asked', decided_by: 'policy' }, 'Asked: no rule matched'],
    [{ decision: 'asked', decided_by: 'policy', reason: 'high risk' }, 'Asked: no rule matched (high risk)'],
    [{ decision: 'allowed', decided_by: 'policy' }, 'Allowed by the approval policy'],
    [{ decision: 'rejected', decided_by: 'policy', reason: 'x' }, 'Rejected by the approval policy (x)'],
    [{ decision: 'allowed', decided_by: 'user', scope: 'once' }, 'Approved by you · once'],
    [
      { decision: 'allowed', decided_by: 'user', scope: 'conversation', rule },
      'Approved by you · for this conversation, adding rule `npm test` (this conversation)',
    ],
    [{ decision: 'rejected', decided_by: 'user', scope: 'once', reason: 'no' }, 'Rejected by you (no)'],
    [{ decision: 'rejected', decided_by: 'hook', reason: 'blocked' }, 'Rejected by a hook (blocked)'],
  ])('%j reads %j', (facts, line) => {
    expect(decisionLine(facts)).toBe(line);
  });

  it('says the approval policy, never the confirmation policy: the word people read in the settings', () => {
    const lines = (['allowed', 'rejected', 'asked'] as const).map((decision) =>
      decisionLine({ decision, decided_by: 'policy' }),
    );
    expect(lines.join('\n')).not.toMatch(/confirmation policy/i);
  });

  it('leaves the routine pass of the policy out of the structured text, for cards', () => {
    expect(describeDecision({ decision: 'allowed', decided_by: 'policy' })).toBeNull();
  });
});
