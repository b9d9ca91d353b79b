/** The most read-only calls that may run at once; more would only queue on the disk. */
const MAX_LIMIT = 16;

/**
 * The runtime's `tool_concurrency_limit` from AGENT_WORKBENCH_TOOL_CONCURRENCY: a whole number from 1
 * to 16; anything else (absent, malformed) gives upstream's default, 1 (one call after another).
 */
export function toolConcurrencyLimit(value: string | undefined): number {
  const parsed = Number(value?.trim());
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, MAX_LIMIT) : 1;
}
