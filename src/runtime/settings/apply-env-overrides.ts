import type { LLMConfig } from '../llm/llm-config';
import { LLMProviderSchema } from '../events';
import { SettingsError } from '../data-files/settings-error';

export const LLM_ENV_VARIABLES = ['LLM_PROVIDER', 'LLM_MODEL', 'LLM_BASE_URL', 'LLM_API_KEY'] as const;

export interface LLMEnvOverrides {
  provider?: LLMConfig['provider'];
  model?: string;
  base_url?: string;
  api_key?: string;
  /** The variables that were set (non-empty), in LLM_ENV_VARIABLES order. */
  names: string[];
}

/** Reads the LLM_* variables once. An empty variable counts as unset; an unknown provider throws. */
export function readLLMEnvOverrides(env: NodeJS.ProcessEnv): LLMEnvOverrides {
  const value = (name: (typeof LLM_ENV_VARIABLES)[number]) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const provider = value('LLM_PROVIDER');
  const parsedProvider = provider === undefined ? undefined : LLMProviderSchema.safeParse(provider);
  if (parsedProvider && !parsedProvider.success) {
    throw new SettingsError(
      'invalid_env',
      `LLM_PROVIDER must be one of ${LLMProviderSchema.options.join(', ')} (got an unknown value)`,
    );
  }
  return {
    provider: parsedProvider?.data,
    model: value('LLM_MODEL'),
    base_url: value('LLM_BASE_URL'),
    api_key: value('LLM_API_KEY'),
    names: LLM_ENV_VARIABLES.filter((name) => value(name) !== undefined),
  };
}

/**
 * Layers the env over the file's model, field by field. No model from either: null (not configured).
 * Without a provider from either, a base URL implies an OpenAI-compatible server, else OpenAI.
 */
export function applyEnvOverrides(file: LLMConfig | null, env: LLMEnvOverrides): LLMConfig | null {
  const model = env.model ?? file?.model;
  if (!model) return null;
  const baseUrl = env.base_url ?? file?.base_url;
  const apiKey = env.api_key ?? file?.api_key;
  return {
    provider: env.provider ?? file?.provider ?? (baseUrl ? 'openai-compatible' : 'openai'),
    model,
    ...(baseUrl ? { base_url: baseUrl } : {}),
    ...(apiKey ? { api_key: apiKey } : {}),
  };
}
