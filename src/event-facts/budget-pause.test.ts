import { describe, expect, it } from 'vitest';
import { budgetPause } from './budget-pause';

type Least = { kind: string; id: string; notice?: string };
const reached: Least = { kind: 'BudgetEvent', id: 'b', notice: 'budget_reached' };
const notice: Least = { kind: 'BudgetEvent', id: 'n', notice: 'cost_unknown' };
const pause: Least = { kind: 'PauseEvent', id: 'p' };
const step: Least = { kind: 'ActionEvent', id: 'a' };

describe('budgetPause', () => {
  it('is the reached budget while paused after it', () => {
    expect(budgetPause([step, reached, { kind: 'ConversationStateUpdateEvent', id: 's' }], 'paused')).toBe(
      reached,
    );
  });

  it('is nothing once the run goes on, or when a person paused it since', () => {
    expect(budgetPause([step, reached], 'running')).toBeUndefined();
    expect(budgetPause([reached, pause], 'paused')).toBeUndefined();
    expect(budgetPause([step, notice], 'paused')).toBeUndefined();
  });
});
