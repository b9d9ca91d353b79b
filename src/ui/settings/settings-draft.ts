import type { ConfirmationPolicy, Settings } from '../api/wire-types';
import type { Provider } from './providers';
import type { TestConnectionInput } from './use-test-connection';

/** The settings form as typed: text fields stay text until the save reads them. */
export interface SettingsDraft {
  provider: Provider;
  model: string;
  baseUrl: string;
  apiKey: string;
  policy: ConfirmationPolicy;
  analyzer: Settings['security_analyzer'];
  /** One host per line. */
  allowlist: string;
  /** One path per line. */
  denyPaths: string;
  maxProcesses: string;
  maxMemoryMb: string;
}

/** The form as the saved settings fill it; the API key starts empty (the saved one is never sent back). */
export function settingsDraftOf(settings: Settings): SettingsDraft {
  return {
    provider: settings.llm?.provider ?? 'openai-compatible',
    model: settings.llm?.model ?? '',
    baseUrl: settings.llm?.base_url ?? '',
    apiKey: '',
    policy: settings.confirmation_policy,
    analyzer: settings.security_analyzer,
    allowlist: settings.sandbox.network_allowlist.join('\n'),
    denyPaths: settings.sandbox.deny_paths.join('\n'),
    maxProcesses: String(settings.sandbox.max_processes),
    maxMemoryMb: String(settings.sandbox.max_memory_mb),
  };
}

/** The model part of the draft as "Test connection" and the save send it: an empty key keeps the saved one. */
export function llmInputOf(draft: SettingsDraft): TestConnectionInput {
  return {
    provider: draft.provider,
    model: draft.model.trim(),
    base_url: draft.baseUrl.trim() || undefined,
    api_key: draft.apiKey || undefined,
  };
}

/** The non-empty, trimmed lines of a one-per-line field. */
export function draftLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
