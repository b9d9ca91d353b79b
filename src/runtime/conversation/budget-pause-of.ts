import type { BudgetEvent, Event, ExecutionStatus } from '../events';

/**
 * The BudgetEvent that paused a conversation, or null: it is paused and, of the events that pause
 * (a person's PauseEvent or InterruptEvent, a reached budget), the latest on its branch is a reached
 * budget. Lets a list (an automation's run history) say "stopped at its budget" without its log. Pure.
 */
export function budgetPauseOf(branch: readonly Event[], status: ExecutionStatus): BudgetEvent | null {
  if (status !== 'paused') return null;
  for (let index = branch.length - 1; index >= 0; index--) {
    const event = branch[index];
    if (event?.kind === 'PauseEvent' || event?.kind === 'InterruptEvent') return null;
    if (event?.kind === 'BudgetEvent' && event.notice === 'budget_reached') return event;
  }
  return null;
}
