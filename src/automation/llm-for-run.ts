import type { LLMChoice } from './automation-schemas';
import type { ModelEndpoint } from './runtime-client';

/**
 * The `llm` of a run's create request. An automation's model is chosen like a conversation's in the
 * model picker: a model of the settings' provider, served at the settings' endpoint with the
 * settings' key. So when the automation names the settings' provider, the request names the
 * settings' base URL too, and the runtime takes the settings' key for it (the same endpoint); another
 * provider is sent as saved (its official endpoint). Undefined: the run follows the settings. Pure.
 */
export function llmForRun(
  choice: LLMChoice | null,
  settings: ModelEndpoint | null,
): (LLMChoice & { base_url?: string }) | undefined {
  if (!choice) return undefined;
  if (settings?.provider !== choice.provider || !settings.base_url) return choice;
  return { ...choice, base_url: settings.base_url };
}
