import type { Budgets } from '../api/wire-types';
import { budgetFromText, budgetText } from './budget-text';

export type BudgetKey = keyof Budgets;
/** Each budget as its input holds it: text, '' for none. */
export type BudgetDrafts = Record<BudgetKey, string>;

export const BUDGET_KEYS: readonly BudgetKey[] = [
  'max_budget_per_run',
  'max_budget_per_conversation',
  'max_budget_per_automation_run',
];

export const BUDGET_LABELS: Record<BudgetKey, { label: string; hint: string }> = {
  max_budget_per_run: {
    label: 'Per run (USD)',
    hint: "What the agent may spend on one task: from a person's message until it finishes.",
  },
  max_budget_per_conversation: {
    label: 'Per conversation (USD)',
    hint: 'What the whole conversation may spend, across runs.',
  },
  max_budget_per_automation_run: {
    label: 'Per automation run (USD)',
    hint: 'What one run of an automation may spend, unless the automation sets its own.',
  },
};

export function draftsOf(budgets: Budgets | undefined): BudgetDrafts {
  return {
    max_budget_per_run: budgetText(budgets?.max_budget_per_run),
    max_budget_per_conversation: budgetText(budgets?.max_budget_per_conversation),
    max_budget_per_automation_run: budgetText(budgets?.max_budget_per_automation_run),
  };
}

/** The budgets to send, or the messages of the fields a person must fix first. Pure. */
export function budgetsOfDrafts(
  drafts: BudgetDrafts,
): { ok: true; budgets: Budgets } | { ok: false; errors: Partial<Record<BudgetKey, string>> } {
  const budgets: Budgets = {
    max_budget_per_run: null,
    max_budget_per_conversation: null,
    max_budget_per_automation_run: null,
  };
  const errors: Partial<Record<BudgetKey, string>> = {};
  for (const key of BUDGET_KEYS) {
    const parsed = budgetFromText(drafts[key]);
    if (parsed.ok) budgets[key] = parsed.usd;
    else errors[key] = parsed.message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, budgets };
}
