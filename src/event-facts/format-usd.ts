/**
 * Dollars as people read them: cents from a dollar up, four decimals below so that small spends
 * show ($0.0042). Shared so the runtime's budget events and the page's budget card say the same. Pure.
 */
export function formatUsd(usd: number): string {
  return `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
}
