/** What a person typed as a budget: null for none (empty), a positive number of dollars, or a refusal. Pure. */
export type BudgetInput = { ok: true; usd: number | null } | { ok: false; message: string };

export const BUDGET_RULE = 'A budget is a positive number of US dollars, like 2 or 0.50';

/**
 * "$2.50", "2.5", " 0.5 " → 2.5 / 0.5; "" → null (no budget). "0", "-1", "abc" and "Infinity" are
 * refused here, as the runtime and the automation service refuse them (422), so the person learns it
 * beside the field. Pure.
 */
export function budgetFromText(text: string): BudgetInput {
  const trimmed = text.trim().replace(/^\$/, '').trim();
  if (trimmed === '') return { ok: true, usd: null };
  // Number('') and Number(' ') are 0 and Number('0x10') is 16: accept plain decimals only.
  if (!/^\d*\.?\d+$|^\d+\.$/.test(trimmed)) return { ok: false, message: BUDGET_RULE };
  const usd = Number(trimmed);
  if (!Number.isFinite(usd) || usd <= 0) return { ok: false, message: BUDGET_RULE };
  return { ok: true, usd };
}

/** A budget as the input shows it: "" for none. */
export function budgetText(usd: number | null | undefined): string {
  return usd === null || usd === undefined ? '' : String(usd);
}

export { formatUsd } from '../../event-facts';
