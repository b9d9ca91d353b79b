import { type BudgetKind, type Budgets, type Event, type Stats, StatsSchema } from '../events';

/** Where spending stands against a conversation's budgets. */
export type BudgetVerdict =
  | { kind: 'within' }
  /** The first budget (run, then conversation, then automation) whose spend reached its limit. */
  | { kind: 'reached'; budget: BudgetKind; limit: number; spent: number }
  /** A budget is set but the cost is unknown (a call of a model with no known price): not checkable. */
  | { kind: 'unknown'; budget: BudgetKind; limit: number };

/**
 * The budgets against what was spent: the conversation's whole cost (stats) for the conversation
 * and automation budgets, and for the run budget the cost since the person's latest message on the
 * branch (a resume continues that run, so raising the limit is what lets it go on). Reached means
 * spent >= limit, as upstream's check does. Pure.
 */
export function checkBudgets(budgets: Budgets, branch: readonly Event[], stats: Stats): BudgetVerdict {
  // Checked before every step: the run's spend (a walk back along the branch) only when it has a limit.
  const spends: Array<{ budget: BudgetKind; limit: number | null; spent: () => number | null }> = [
    { budget: 'run', limit: budgets.max_budget_per_run, spent: () => runSpend(branch, stats) },
    { budget: 'conversation', limit: budgets.max_budget_per_conversation, spent: () => stats.cost },
    { budget: 'automation', limit: budgets.max_budget_per_automation_run, spent: () => stats.cost },
  ];
  let unknown: BudgetVerdict | undefined;
  for (const { budget, limit, spent: spentNow } of spends) {
    if (limit === null) continue;
    const spent = spentNow();
    if (spent === null) unknown ??= { kind: 'unknown', budget, limit };
    else if (spent >= limit) return { kind: 'reached', budget, limit, spent };
  }
  return unknown ?? { kind: 'within' };
}

/**
 * What the current run spent: the cost now less the cost the stats said when the person's latest
 * message came (0 before any stats were recorded). Null when either is unknown.
 */
export function runSpend(branch: readonly Event[], stats: Stats): number | null {
  if (stats.cost === null) return null;
  let index = branch.length - 1;
  while (index >= 0 && !isPersonMessage(branch[index])) index--;
  for (let before = index - 1; before >= 0; before--) {
    const event = branch[before];
    if (event?.kind !== 'ConversationStateUpdateEvent' || event.key !== 'stats') continue;
    const parsed = StatsSchema.safeParse(event.value);
    if (!parsed.success) continue;
    // A fork that reset its stats starts below what its copied log last said: count from 0 then.
    return parsed.data.cost === null ? null : Math.max(0, stats.cost - parsed.data.cost);
  }
  return stats.cost;
}

function isPersonMessage(event: Event | undefined): boolean {
  return event?.kind === 'MessageEvent' && event.source === 'user';
}
