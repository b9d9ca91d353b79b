import type { Event } from '../events';

/**
 * Whether this conversation remembers that `model`'s endpoint refused a prompt cache hint: the latest
 * `cache_hints_refused` notice on the branch names this model, and no model switch was noticed after
 * it (a new endpoint may take hints). Read from the log, so it outlasts the run, the adapter and a
 * runtime restart; a settings change to another model clears it too, since the notice names the old
 * one. Pure.
 */
export function cacheHintsRefused(branch: readonly Event[], model: string): boolean {
  for (let index = branch.length - 1; index >= 0; index--) {
    const event = branch[index];
    if (event?.kind !== 'BudgetEvent') continue;
    if (event.notice === 'cache_restart' && event.cause === 'model_switch') return false;
    if (event.notice === 'cache_hints_refused') return event.model === model;
  }
  return false;
}
