import { describe, expect, it } from 'vitest';
import { BudgetsPatchSchema, BudgetUsdSchema } from './budgets';

describe('BudgetUsdSchema', () => {
  it.each([0, -1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2_000_000])(
    'refuses %s',
    (value) => {
      expect(BudgetUsdSchema.safeParse(value).success).toBe(false);
    },
  );

  it.each(['5', null, true, {}, []])('refuses %j, which is not a number', (value) => {
    expect(BudgetUsdSchema.safeParse(value).success).toBe(false);
  });

  it('takes a positive amount, even a fraction of a cent', () => {
    expect(BudgetUsdSchema.parse(0.001)).toBe(0.001);
    expect(BudgetUsdSchema.parse(25)).toBe(25);
  });

  it('a patch may remove a budget with null but not set it to 0', () => {
    expect(BudgetsPatchSchema.parse({ max_budget_per_run: null })).toEqual({ max_budget_per_run: null });
    expect(BudgetsPatchSchema.safeParse({ max_budget_per_conversation: 0 }).success).toBe(false);
  });
});
