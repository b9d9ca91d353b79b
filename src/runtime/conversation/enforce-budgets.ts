import type { BudgetKind, Budgets, Event, NewEvent, Stats } from '../events';
import { formatUsd } from '../../event-facts';
import { checkBudgets } from './check-budgets';
import type { StatusHappening } from './status-machine';

export interface BudgetPorts {
  budgets(): Budgets;
  stats(): Stats;
  branch(): readonly Event[];
  append(event: NewEvent): Promise<unknown>;
  transition(happening: StatusHappening): void;
  newId(): string;
  now(): string;
}

const NAMES: Record<BudgetKind, string> = {
  run: 'The run',
  conversation: 'The conversation',
  automation: "The automation's run",
};

/**
 * Checks the budgets before a step. A reached budget records a BudgetEvent (which budget, its limit,
 * the spend) and pauses: 'stop', and no model call is made. So a resume with the budget still
 * reached pauses again at once with the same event, once per resume, never in a loop. An unknown
 * cost records a one-time notice that the budget cannot be checked, and the run goes on.
 */
export function enforceBudgets(ports: BudgetPorts): 'go_on' | 'stop' {
  const verdict = checkBudgets(ports.budgets(), ports.branch(), ports.stats());
  if (verdict.kind === 'within') return 'go_on';
  const stamp = { id: ports.newId(), timestamp: ports.now(), source: 'environment' as const };
  if (verdict.kind === 'unknown') {
    const noticed = ports
      .branch()
      .some((event) => event.kind === 'BudgetEvent' && event.notice === 'cost_unknown');
    if (!noticed)
      void ports.append({
        kind: 'BudgetEvent',
        ...stamp,
        notice: 'cost_unknown',
        budget: verdict.budget,
        limit_usd: verdict.limit,
        spent_usd: null,
        detail: `${NAMES[verdict.budget]}'s budget of ${formatUsd(verdict.limit)} cannot be checked: this model has no known price, so its cost is unknown (not 0). The run goes on without a spending limit.`,
      });
    return 'go_on';
  }
  void ports.append({
    kind: 'BudgetEvent',
    ...stamp,
    notice: 'budget_reached',
    budget: verdict.budget,
    limit_usd: verdict.limit,
    spent_usd: verdict.spent,
    detail: `${NAMES[verdict.budget]} reached its budget of ${formatUsd(verdict.limit)} (spent ${formatUsd(verdict.spent)}) and paused. Raise the budget to resume.`,
  });
  ports.transition({ kind: 'budget_reached' });
  return 'stop';
}
