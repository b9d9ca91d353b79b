import { describe, expect, it } from 'vitest';
import { type Budgets, type Event, NO_BUDGETS, type Stats } from '../events';
import { checkBudgets, runSpend } from './check-budgets';

const stats = (cost: number | null): Stats => ({ prompt_tokens: 0, completion_tokens: 0, cost });
let counter = 0;
const base = () => ({
  id: `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, '0')}`,
  seq: counter,
  timestamp: '2025-01-01T00:00:00.000Z',
});
const statsUpdate = (cost: number | null): Event => ({
  kind: 'ConversationStateUpdateEvent',
  ...base(),
  source: 'environment',
  key: 'stats',
  value: stats(cost),
});
const personSays = (text: string): Event => ({
  kind: 'MessageEvent',
  ...base(),
  source: 'user',
  llm_message: { role: 'user', content: [{ type: 'text', text }] },
  extended_content: [],
});
const budgets = (patch: Partial<Budgets>): Budgets => ({ ...NO_BUDGETS, ...patch });

describe('checkBudgets', () => {
  it('is within with no budget at all, whatever was spent', () => {
    expect(checkBudgets(NO_BUDGETS, [], stats(1_000))).toEqual({ kind: 'within' });
  });

  it('reaches the conversation budget when the spend equals it (as upstream: spent >= limit)', () => {
    expect(checkBudgets(budgets({ max_budget_per_conversation: 1 }), [], stats(1))).toEqual({
      kind: 'reached',
      budget: 'conversation',
      limit: 1,
      spent: 1,
    });
    expect(checkBudgets(budgets({ max_budget_per_conversation: 1 }), [], stats(0.99))).toEqual({
      kind: 'within',
    });
  });

  it("counts the run budget from the person's latest message, the conversation budget from the start", () => {
    const branch = [personSays('one'), statsUpdate(0.5), statsUpdate(3), personSays('two'), statsUpdate(3.4)];
    expect(runSpend(branch, stats(3.4))).toBeCloseTo(0.4);
    expect(checkBudgets(budgets({ max_budget_per_run: 0.5 }), branch, stats(3.4))).toEqual({
      kind: 'within',
    });
    expect(checkBudgets(budgets({ max_budget_per_run: 0.35 }), branch, stats(3.4))).toMatchObject({
      kind: 'reached',
      budget: 'run',
    });
  });

  it('names the automation budget when that is the one reached', () => {
    expect(checkBudgets(budgets({ max_budget_per_automation_run: 2 }), [], stats(2.5))).toEqual({
      kind: 'reached',
      budget: 'automation',
      limit: 2,
      spent: 2.5,
    });
  });

  it('an unknown cost is unknown, never 0: the budget cannot be checked', () => {
    expect(checkBudgets(budgets({ max_budget_per_conversation: 1 }), [], stats(null))).toEqual({
      kind: 'unknown',
      budget: 'conversation',
      limit: 1,
    });
    const branch = [personSays('one'), statsUpdate(null), personSays('two')];
    expect(runSpend(branch, stats(null))).toBeNull();
  });

  it('a fork whose stats were reset counts its run from 0, not below it', () => {
    expect(runSpend([statsUpdate(5), personSays('again')], stats(0.2))).toBe(0);
  });
});
