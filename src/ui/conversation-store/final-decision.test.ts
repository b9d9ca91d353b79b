import { describe, expect, it } from 'vitest';
import type { Event } from '../api/wire-types';
import { actionOutcomes, describeDecision } from '../../event-facts';
import { finalDecision, suggestedRuleOf } from './final-decision';
import { confirmationDecision, terminalAction } from './testing/event-builders';

const action = terminalAction(1, 'npm test');

describe('confirmation decisions', () => {
  it('are folded onto their action by action_id, in seq order, and unknown kinds are ignored', () => {
    const asked = confirmationDecision(2, action, {
      decision: 'asked',
      decided_by: 'policy',
      suggested_rule: { tool: 'terminal', matcher: { kind: 'command_prefix', prefix: 'npm test' } },
    });
    const approved = confirmationDecision(3, action, {
      decision: 'allowed',
      decided_by: 'user',
      scope: 'once',
    });
    const stranger = { ...asked, id: 'x', seq: 4, kind: 'SomeFutureEvent' } as unknown as Event;
    const elsewhere = { ...approved, seq: 5, action_id: 'not-held' };
    const { outcomes, orphans } = actionOutcomes(
      [action, approved, asked, stranger, elsewhere].sort((a, b) => a.seq - b.seq),
    );
    expect(outcomes.get(action.id)?.decisions).toEqual([asked, approved]);
    expect(orphans.size).toBe(0);
    expect(suggestedRuleOf([asked, approved])?.matcher).toEqual({
      kind: 'command_prefix',
      prefix: 'npm test',
    });
    expect(finalDecision([asked, approved])).toMatchObject({
      verdict: 'allowed',
      lead: 'Approved by you · once',
    });
  });

  it('says who decided, in words', () => {
    const rule = (scope: 'conversation' | 'global') => ({ id: 'r1', label: 'npm test', scope });
    expect(
      describeDecision(
        confirmationDecision(2, action, {
          decision: 'allowed',
          decided_by: 'rule',
          rule: rule('conversation'),
        }),
      ),
    ).toEqual({ verdict: 'allowed', lead: 'Allowed by rule', rule: 'npm test', tail: '(this conversation)' });
    expect(
      describeDecision(
        confirmationDecision(2, action, { decision: 'rejected', decided_by: 'rule', rule: rule('global') }),
      ),
    ).toMatchObject({ lead: 'Rejected by rule', rule: 'npm test' });
    expect(
      describeDecision(confirmationDecision(2, action, { decision: 'asked', decided_by: 'policy' }))?.lead,
    ).toBe('Asked: no rule matched');
    expect(
      describeDecision(
        confirmationDecision(2, action, { decision: 'allowed', decided_by: 'user', scope: 'conversation' }),
      )?.lead,
    ).toBe('Approved by you · for this conversation');
    expect(
      describeDecision(confirmationDecision(2, action, { decision: 'allowed', decided_by: 'policy' })),
    ).toBeNull();
  });
});
