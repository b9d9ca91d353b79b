import type { Budgets, Event, Stats } from '../events';
import { runSpend } from './check-budgets';

export type SubAgentBudgets = { ok: true; budgets: Budgets } | { ok: false; reason: string };

/**
 * A sub-agent's budgets: what is left of each of its parent's, so that the parent's spend with its
 * children's can never pass the parent's limits (the child's cost is added to the parent's stats when
 * it ends). A limit whose spend is unknown is passed on whole; a limit already used up refuses. Pure.
 */
export function subAgentBudgets(parent: Budgets, branch: readonly Event[], stats: Stats): SubAgentBudgets {
  const left = (limit: number | null, spent: number | null): number | null =>
    limit === null ? null : spent === null ? limit : limit - spent;
  const budgets: Budgets = {
    max_budget_per_run: left(parent.max_budget_per_run, runSpend(branch, stats)),
    max_budget_per_conversation: left(parent.max_budget_per_conversation, stats.cost),
    max_budget_per_automation_run: left(parent.max_budget_per_automation_run, stats.cost),
  };
  const spent = Object.values(budgets).some((limit) => limit !== null && limit <= 0);
  if (spent) return { ok: false, reason: 'Your budget is used up: no sub-agent can be started.' };
  return { ok: true, budgets };
}
