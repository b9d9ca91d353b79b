/** Token counts the way the status line shows them: 950, 12.3k, 128k, 1.0M. */
export function formatTokens(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)}k`;
  return `${(count / 1_000_000).toFixed(1)}M`;
}

/** USD with enough digits for cheap calls; `unknown` for a price nobody knows, never `$0.00`. */
export function formatCost(cost: number | null): string {
  if (cost === null) return 'unknown';
  if (cost === 0) return '$0.00';
  if (cost < 0.01) return `$${cost.toFixed(4)}`;
  return `$${cost.toFixed(cost < 1 ? 3 : 2)}`;
}

/** A share as a whole percent; `–` when there is nothing to divide. */
export function formatPercent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

/** Milliseconds under a second, seconds with one decimal above. */
export function formatLatency(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
