import type { ModelUsage } from './model-types';
import type { PriceOverrides } from './price-overrides';

export interface Price {
  /** USD per million tokens. */
  input: number;
  output: number;
  /** Input read from the prompt cache. */
  cacheRead: number;
  /** Input written to the prompt cache; OpenAI bills no writes (the input price). */
  cacheWrite: number;
}

/** When the prices below were the providers' list prices: the newest model in it came out then. */
export const PRICES_AS_OF = '2025-10-15';

/**
 * List prices of a few well-known models (USD per million tokens, as of PRICES_AS_OF). OpenAI
 * caches automatically: cached input at its own price, writes at the input price. Anthropic bills a
 * cache read at 0.1 x input and a (5 minute) cache write at 1.25 x input. An estimate for the stats,
 * not a bill: an unknown model's cost is unknown (null), never a guess and never 0.
 */
const PRICES: Record<string, Price> = {
  'gpt-4o': { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 2.5 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0.15 },
  'gpt-4.1': { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, cacheRead: 0.1, cacheWrite: 0.4 },
  'gpt-5': { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 1.25 },
  'gpt-5-mini': { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0.25 },
  o3: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 },
  'o4-mini': { input: 1.1, output: 4.4, cacheRead: 0.275, cacheWrite: 1.1 },
  'claude-sonnet-4': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  'claude-sonnet-4-5': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  'claude-opus-4': { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 },
  'claude-opus-4-1': { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 },
  'claude-haiku-4-5': { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
  'claude-3-5-haiku': { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 },
};

/**
 * Cost of one call in USD: the provider's own figure when the usage carries one (OpenRouter's
 * `usage.cost`), else the settings' price for the model, else the price table (cached input, cache
 * writes and fresh input each at its own price), else null: unknown, for a model neither names or a
 * reply without usage. Pure.
 */
export function usageCost(
  model: string,
  usage: ModelUsage | undefined,
  overrides?: PriceOverrides,
): number | null {
  const reported = usage?.raw?.cost;
  if (typeof reported === 'number' && Number.isFinite(reported) && reported >= 0) return reported;
  const price = priceOf(model, overrides);
  if (!price || !usage) return null;
  const input = usage.inputTokens;
  const cacheRead = input.cacheRead ?? 0;
  const cacheWrite = input.cacheWrite ?? 0;
  const fresh = input.noCache ?? Math.max(0, (input.total ?? 0) - cacheRead - cacheWrite);
  const dollars =
    fresh * price.input +
    cacheRead * price.cacheRead +
    cacheWrite * price.cacheWrite +
    (usage.outputTokens.total ?? 0) * price.output;
  return dollars / 1_000_000;
}

/**
 * The price of a model id: the settings' override named exactly so (case aside, with or without its
 * `vendor/` prefix), else the table entry: exact, or a dated snapshot or `-latest` alias of it
 * (`gpt-4o-2024-08-06`, `claude-sonnet-4-5-20250929`), after dropping a `vendor/` prefix. A newer
 * version (`claude-opus-4-6`) does not match an older entry, whose price may differ.
 */
export function priceOf(model: string, overrides?: PriceOverrides): Price | undefined {
  const bare = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  const override = overrideOf(model, bare, overrides);
  if (override) return override;
  const snapshot = bare.replace(/-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/, '');
  return tableEntry(bare) ?? tableEntry(snapshot);
}

/** Own entries only: a model named `__proto__` must not find Object.prototype as its price. */
function tableEntry(name: string): Price | undefined {
  return Object.hasOwn(PRICES, name) ? PRICES[name] : undefined;
}

function overrideOf(model: string, bare: string, overrides: PriceOverrides | undefined): Price | undefined {
  if (!overrides) return undefined;
  // Own keys only: a model named `__proto__` or `constructor` must not find an inherited value.
  const names = Object.keys(overrides);
  const name =
    names.find((key) => key === model) ??
    names.find((key) => key.toLowerCase() === model.toLowerCase()) ??
    names.find((key) => key.toLowerCase() === bare);
  const price = name === undefined ? undefined : overrides[name];
  return (
    price && {
      input: price.input,
      output: price.output,
      cacheRead: price.cached_input,
      cacheWrite: price.cache_write,
    }
  );
}
