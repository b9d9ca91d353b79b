import { availableParallelism } from 'node:os';

/**
 * How many conversations may run at once when settings.json names no `max_concurrent_runs`: twice
 * the cores, at least eight (a run mostly waits for its model; upstream's pool holds ten).
 */
export function defaultMaxConcurrentRuns(cores: number = availableParallelism()): number {
  return Math.max(8, 2 * cores);
}
