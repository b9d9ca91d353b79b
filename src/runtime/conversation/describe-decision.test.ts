import { describe, expect, it } from 'vitest';
import type { ConfirmationDecisionEvent } from '../events';
import { describeDecision } from './describe-decision';

const base = {
  kind: 'ConfirmationDecisionEvent' as const,
  id: '00000000-0000-4000-8000-000000000002',
  seq: 3,
  timestamp: '2026-01-01T00:00:00.000Z',
  source: 'environment' as const,
  action_id: '00000000-0000-4000-8000-000000000001',
};
const rule = { id: 'r', label: 'npm test', scope: 'conversation' as const };

describe('describeDecision', () => {
  it.each<[Partial<ConfirmationDecisionEvent>, string]>([
    [{ decision: 'allowed', decided_by: 'rule', rule }, 'Allowed by rule `npm test` (conversation)'],
    [
      { decision: 'rejected', decided_by: 'rule', rule: { ...rule, scope: 'global' } },
      'Rejected by rule `npm test` (global)',
    ],
    [{ decision: 'asked', decided_by: 'rule', rule }, 'Asked: rule `npm test` (conversation) says ask'],
    [{ decision: 'asked', decided_by: 'policy' }, 'Asked: no rule matched'],
    [{ decision: 'allowed', decided_by: 'policy' }, 'Allowed by the confirmation policy'],
    [{ decision: 'allowed', decided_by: 'user', scope: 'once', source: 'user' }, 'Approved by you (once)'],
    [
      { decision: 'allowed', decided_by: 'user', scope: 'conversation', rule },
      'Approved by you (conversation, added rule `npm test` (conversation))',
    ],
    [{ decision: 'rejected', decided_by: 'user', scope: 'once', reason: 'no' }, 'Rejected by you (once): no'],
  ])('%j reads %j', (fields, line) => {
    expect(describeDecision({ ...base, decision: 'asked', decided_by: 'policy', ...fields })).toBe(line);
  });
});
