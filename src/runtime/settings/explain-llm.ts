import type { LLMEnvOverrides } from './apply-env-overrides';
import type { SettingsFile } from './settings-file';
import type { SettingsPatch } from './settings-schemas';

/** Where a value of the model configuration that runs comes from. */
export type ValueSource = 'env' | 'settings' | 'request' | 'default' | 'none';

export interface LLMSources {
  provider: ValueSource;
  model: ValueSource;
  base_url: ValueSource;
  api_key: ValueSource;
}

const FIELDS = [
  ['provider', 'LLM_PROVIDER'],
  ['model', 'LLM_MODEL'],
  ['base_url', 'LLM_BASE_URL'],
  ['api_key', 'LLM_API_KEY'],
] as const;

/**
 * For each field of the model that would run (the file, a request's changes, env on top): where its
 * value comes from, and the env variables that override a value the request gave (so a connection
 * test does not report ok for values that would never be used). Never includes values.
 */
export function explainLLM(
  file: SettingsFile['llm'],
  patch: SettingsPatch['llm'] | undefined,
  merged: SettingsFile['llm'],
  env: LLMEnvOverrides,
): { sources: LLMSources; overriddenByEnv: string[] } {
  const sources = {} as LLMSources;
  const overriddenByEnv: string[] = [];
  for (const [field, variable] of FIELDS) {
    const requested = patch ? patch[field] : undefined;
    const given = requested !== undefined && requested !== null && requested !== '';
    if (env[field] !== undefined) {
      sources[field] = 'env';
      if (given && requested !== env[field]) overriddenByEnv.push(variable);
    } else if (given) sources[field] = 'request';
    else if (merged?.[field] !== undefined && file?.[field] === merged[field]) sources[field] = 'settings';
    else sources[field] = field === 'provider' ? 'default' : 'none';
  }
  return { sources, overriddenByEnv };
}
