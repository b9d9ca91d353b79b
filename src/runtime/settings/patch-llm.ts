import { SettingsError } from '../data-files/settings-error';
import type { SettingsFile } from './settings-file';
import type { SettingsPatch } from './settings-schemas';

export interface PatchedLLM {
  llm: SettingsFile['llm'];
  /**
   * True when the stored key was dropped because the patch moved the model to another host
   * (`base_url`) or provider without giving a key: a key is never sent anywhere it was not given for.
   */
  apiKeyCleared: boolean;
}

/**
 * The file's model with a patch applied. `api_key`: a string sets it, "" clears it, absent keeps it
 * unless `base_url` or `provider` changes. Throws SettingsError `incomplete_llm` when the result
 * lacks a provider or model.
 */
export function patchLLM(
  current: SettingsFile['llm'],
  patch: NonNullable<SettingsPatch['llm']> | null,
): PatchedLLM {
  if (patch === null) return { llm: null, apiKeyCleared: false };
  const provider = patch.provider ?? current?.provider;
  const model = patch.model ?? current?.model;
  if (!provider || !model) {
    throw new SettingsError('incomplete_llm', 'Choose both llm.provider and llm.model');
  }
  const baseUrl = patch.base_url === undefined ? current?.base_url : patch.base_url || undefined;
  const movedAway = baseUrl !== current?.base_url || provider !== current?.provider;
  const apiKeyCleared = patch.api_key === undefined && movedAway && Boolean(current?.api_key);
  const apiKey =
    patch.api_key === undefined ? (apiKeyCleared ? undefined : current?.api_key) : patch.api_key || undefined;
  return {
    llm: {
      provider,
      model,
      ...(baseUrl ? { base_url: baseUrl } : {}),
      ...(apiKey ? { api_key: apiKey } : {}),
    },
    apiKeyCleared,
  };
}
