import type { LLMProvider } from '../events';

/** A model to talk to, secret included. Lives in settings.json (0600) or env, never in the database. */
export interface LLMConfig {
  provider: LLMProvider;
  model: string;
  base_url?: string;
  api_key?: string;
}
