import type { LLMProvider } from '../events';
import type { PriceOverrides } from './price-overrides';

/** A model to talk to, secret included. Lives in settings.json (0600) or env, never in the database. */
export interface LLMConfig {
  provider: LLMProvider;
  model: string;
  base_url?: string;
  api_key?: string;
  /** The settings' prices by model name (never secret), used before the built-in price table. */
  prices?: PriceOverrides;
  /** Upstream's LLM field: native function calling on, off, or `auto` (default; see withTextToolCalls). */
  native_tool_calling?: boolean | 'auto';
}
