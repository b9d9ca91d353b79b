import { availableParallelism } from 'node:os';

/**
 * How many conversations may run at once when settings.json names no `max_concurrent_runs`: one per
 * core, at least two (a run mostly waits for its model, so a small machine still serves two).
 */
export function defaultMaxConcurrentRuns(cores: number = availableParallelism()): number {
  return Math.max(2, cores);
}
