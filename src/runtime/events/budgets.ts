import { z } from 'zod';

/**
 * A spending limit in US dollars: a finite number above 0. Zero, a negative amount or anything not
 * a finite number is refused (422) wherever a budget enters: a limit of 0 would stop every run
 * before its first step, which nobody means.
 */
export const BudgetUsdSchema = z
  .number({ error: 'A budget is a positive number of US dollars' })
  .refine((usd) => Number.isFinite(usd) && usd > 0, 'A budget is a positive number of US dollars')
  .refine((usd) => usd <= 1_000_000, 'A budget is at most 1,000,000 US dollars');

/**
 * A conversation's budgets (USD; null: none). `max_budget_per_run` is upstream's: what one run may
 * spend, a run being the work since the person's latest message (a resume continues it).
 * `max_budget_per_conversation`: the conversation's whole spend, across runs.
 * `max_budget_per_automation_run`: set by the automation service, what one run of an automation (its
 * conversation) may spend.
 */
export const BudgetsSchema = z.strictObject({
  max_budget_per_run: BudgetUsdSchema.nullable(),
  max_budget_per_conversation: BudgetUsdSchema.nullable(),
  max_budget_per_automation_run: BudgetUsdSchema.nullable(),
});

/** Changes to budgets: a number sets one, null removes it, absent keeps it. */
export const BudgetsPatchSchema = z.strictObject({
  max_budget_per_run: BudgetUsdSchema.nullable().optional(),
  max_budget_per_conversation: BudgetUsdSchema.nullable().optional(),
  max_budget_per_automation_run: BudgetUsdSchema.nullable().optional(),
});

/** Which budget a BudgetEvent speaks of. */
export const BudgetKindSchema = z.enum(['run', 'conversation', 'automation']);

export const NO_BUDGETS: Budgets = {
  max_budget_per_run: null,
  max_budget_per_conversation: null,
  max_budget_per_automation_run: null,
};

export type Budgets = z.infer<typeof BudgetsSchema>;
export type BudgetsPatch = z.infer<typeof BudgetsPatchSchema>;
export type BudgetKind = z.infer<typeof BudgetKindSchema>;
