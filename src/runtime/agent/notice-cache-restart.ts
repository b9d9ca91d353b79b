import type { Event } from '../events';
import type { AgentContext } from './agent-context';

type Cause = 'condensation' | 'model_switch';

/**
 * Before a step's model call: records a `cache_restart` BudgetEvent for the person when the cached
 * prompt cannot stay warm: a condensation since the last model call (the history the cache held is
 * replaced by a summary) or another model than the one that made the last call (a cache is per model).
 * The tools and the static system block stay the same bytes either way; only what follows pays full
 * price once. Recorded once per change, never sent to the model.
 */
export function noticeCacheRestart(context: AgentContext): void {
  const cause = cacheRestartCause(context.branch(), context.llm.model);
  if (!cause) return;
  void context.append({
    kind: 'BudgetEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    notice: 'cache_restart',
    cause,
    model: context.llm.model,
    detail:
      cause === 'condensation'
        ? 'The cached prompt starts again after this condensation: the next step pays full price for its input.'
        : `The cached prompt starts again with the model ${context.llm.model}: its next step pays full price for its input.`,
  });
}

/**
 * Why the next call cannot read the last call's cache, or undefined: walking back to the last model
 * call of a step, a condensation on the way, or that call's model differing. Already noticed: undefined.
 */
export function cacheRestartCause(branch: readonly Event[], model: string): Cause | undefined {
  for (let index = branch.length - 1; index >= 0; index--) {
    const event = branch[index];
    if (!event) continue;
    if (event.kind === 'BudgetEvent' && event.notice === 'cache_restart') return undefined;
    if (event.kind === 'Condensation') return hadModelCall(branch, index) ? 'condensation' : undefined;
    if ((event.kind === 'MessageEvent' || event.kind === 'ActionEvent') && event.metrics)
      return event.metrics.model === model ? undefined : 'model_switch';
  }
  return undefined;
}

/** A step's model call before `end`: otherwise no cache was warm to lose. */
function hadModelCall(branch: readonly Event[], end: number): boolean {
  return branch
    .slice(0, end)
    .some(
      (event) =>
        (event.kind === 'MessageEvent' || event.kind === 'ActionEvent') && event.metrics !== undefined,
    );
}
