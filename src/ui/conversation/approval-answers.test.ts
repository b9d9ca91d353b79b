import { describe, expect, it } from 'vitest';
import { confirmationBody, confirmationRequest } from './approval-answers';

describe('confirmation requests', () => {
  it('approve all keeps the plain body', () => {
    expect(confirmationRequest(['a', 'b'], { kind: 'all', accept: true })).toEqual({
      accept: true,
      reason: undefined,
      actionIds: ['a', 'b'],
    });
  });

  it('a remembered rule is sent with its scope on its action, and covers every pending action', () => {
    const matcher = { kind: 'command_prefix', prefix: 'npm test' } as const;
    const request = confirmationRequest(['a'], {
      kind: 'remember',
      actionId: 'a',
      scope: 'conversation',
      matcher,
      allowHighRisk: false,
    });
    expect(request.decisions).toEqual([
      { action_id: 'a', accept: true, scope: 'conversation', rule: { matcher, allow_high_risk: false } },
    ]);
  });

  it('mixed choices send one decision per action, the reason only on the rejected ones', () => {
    const choices = new Map([['b', 'reject' as const]]);
    const request = confirmationRequest(['a', 'b'], { kind: 'each', choices, reason: 'not that one' });
    expect(request.accept).toBe(true);
    expect(request.decisions).toEqual([
      { action_id: 'a', accept: true },
      { action_id: 'b', accept: false, reason: 'not that one' },
    ]);
  });

  it('the body always names the actions shown, so a set that changed since is refused', () => {
    expect(confirmationBody(confirmationRequest(['a'], { kind: 'all', accept: true }))).toEqual({
      accept: true,
      reason: undefined,
      action_ids: ['a'],
    });
  });
});
