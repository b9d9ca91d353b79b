import type { Settings } from '../api/wire-types';

export type PriceOverrides = Settings['prices'];
export type PriceKey = keyof PriceOverrides[string];

/** One row of the Prices section as its inputs hold it: text everywhere. */
export interface PriceDraft {
  model: string;
  input: string;
  cached_input: string;
  cache_write: string;
  output: string;
}

export const PRICE_KEYS: readonly PriceKey[] = ['input', 'cached_input', 'cache_write', 'output'];

export const PRICE_LABELS: Record<PriceKey, string> = {
  input: 'Input',
  cached_input: 'Cached input',
  cache_write: 'Cache write',
  output: 'Output',
};

export const EMPTY_PRICE_DRAFT: PriceDraft = {
  model: '',
  input: '',
  cached_input: '',
  cache_write: '',
  output: '',
};

export function priceDraftsOf(prices: PriceOverrides | undefined): PriceDraft[] {
  return Object.entries(prices ?? {}).map(([model, price]) => ({
    model,
    input: String(price.input),
    cached_input: String(price.cached_input),
    cache_write: String(price.cache_write),
    output: String(price.output),
  }));
}

/**
 * The prices to send, or a message per row a person must fix first (by row index): a model name,
 * each price a number of at least 0, no model twice. The runtime checks the same (422). Pure.
 */
export function pricesOfDrafts(
  drafts: readonly PriceDraft[],
): { ok: true; prices: PriceOverrides } | { ok: false; errors: Record<number, string> } {
  const prices: PriceOverrides = {};
  const errors: Record<number, string> = {};
  drafts.forEach((draft, index) => {
    const model = draft.model.trim();
    if (model === '') errors[index] = 'Name the model.';
    else if (Object.hasOwn(prices, model)) errors[index] = `${model} is priced twice.`;
    const price = { input: 0, cached_input: 0, cache_write: 0, output: 0 };
    for (const key of PRICE_KEYS) {
      const value = Number(draft[key].trim());
      if (draft[key].trim() === '' || !Number.isFinite(value) || value < 0)
        errors[index] ??= `${PRICE_LABELS[key]} must be a number of at least 0 (USD per million tokens).`;
      else price[key] = value;
    }
    if (errors[index] === undefined) prices[model] = price;
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, prices };
}
