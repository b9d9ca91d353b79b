import type { RuleEvent } from './rule-events';

/** A BudgetEvent as these rules read it. */
export interface BudgetShape extends RuleEvent {
  readonly kind: 'BudgetEvent';
  readonly notice: string;
}

export type BudgetIn<E> = Extract<E, BudgetShape>;

/**
 * The BudgetEvent that paused the conversation, or undefined: the status is `paused` and, of the
 * events that pause (a person's PauseEvent or InterruptEvent, a reached budget), the latest on the
 * branch is a reached budget. The runtime answers it in a conversation's info (an automation's run
 * history says "stopped at its budget"); the UI shows its card with "Raise budget and resume". Pure.
 */
export function budgetPause<E extends RuleEvent>(
  branch: readonly E[],
  status: string | undefined,
): BudgetIn<E> | undefined {
  if (status !== 'paused') return undefined;
  for (let index = branch.length - 1; index >= 0; index--) {
    const event = branch[index];
    if (event === undefined) continue;
    if (event.kind === 'PauseEvent' || event.kind === 'InterruptEvent') return undefined;
    if (isBudgetReached(event)) return event;
  }
  return undefined;
}

function isBudgetReached<E extends RuleEvent>(event: E): event is BudgetIn<E> {
  return event.kind === 'BudgetEvent' && (event as unknown as BudgetShape).notice === 'budget_reached';
}
