import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LLMConfig, RuntimeSettings } from '../conversation/conversation-service-deps';
import { applyEnvOverrides, type LLMEnvOverrides, readLLMEnvOverrides } from './apply-env-overrides';
import { readSettingsFile } from './read-settings-file';
import { SettingsError } from './settings-error';
import type { SettingsFile } from './settings-file';
import type { SettingsPatch, SettingsView } from './settings-schemas';
import { writeFileAtomic } from './write-file-atomic';

export interface SettingsStore {
  /** The settings in effect now: settings.json with the LLM_* env variables on top. Secrets included. */
  current(): RuntimeSettings;
  /** The same, fit to show: the key replaced by `api_key_set`, plus which env variables win. */
  view(): SettingsView;
  /**
   * Applies a patch and persists settings.json (mode 0600, atomic) before returning. Throws
   * SettingsError `incomplete_llm` when the result has no provider or model, `settings_io` when the
   * write fails; in both cases nothing changed.
   */
  update(patch: SettingsPatch): void;
  /** The model `update({ llm })` would give, env included, without saving. Throws like update. */
  previewLLM(patch: SettingsPatch['llm']): LLMConfig | null;
  readonly path: string;
}

/**
 * Opens `<dataDir>/settings.json` (creating nothing until the first update). Reads the file and the
 * env once; throws SettingsError when settings.json is corrupt or LLM_PROVIDER is unknown.
 */
export function createSettingsStore(dataDir: string, env: NodeJS.ProcessEnv): SettingsStore {
  const path = join(dataDir, 'settings.json');
  const envOverrides: LLMEnvOverrides = readLLMEnvOverrides(env);
  let file: SettingsFile = readSettingsFile(path);

  const current = (): RuntimeSettings => ({
    llm: applyEnvOverrides(file.llm, envOverrides),
    confirmation_policy: structuredClone(file.confirmation_policy),
    security_analyzer: structuredClone(file.security_analyzer),
  });

  return {
    path,
    current,
    view() {
      const settings = current();
      return {
        llm: settings.llm && {
          provider: settings.llm.provider,
          model: settings.llm.model,
          base_url: settings.llm.base_url ?? null,
          api_key_set: Boolean(settings.llm.api_key),
        },
        confirmation_policy: settings.confirmation_policy,
        security_analyzer: settings.security_analyzer,
        overridden_by_env: [...envOverrides.names],
      };
    },
    previewLLM(patch) {
      return applyEnvOverrides(patch === undefined ? file.llm : patchLLM(file.llm, patch), envOverrides);
    },
    update(patch) {
      const next = applyPatch(file, patch);
      try {
        mkdirSync(dataDir, { recursive: true, mode: 0o700 });
        writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`, 0o600);
      } catch (error) {
        throw new SettingsError(
          'settings_io',
          `Cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      file = next;
    },
  };
}

function applyPatch(file: SettingsFile, patch: SettingsPatch): SettingsFile {
  return {
    llm: patch.llm === undefined ? file.llm : patchLLM(file.llm, patch.llm),
    confirmation_policy: patch.confirmation_policy ?? file.confirmation_policy,
    security_analyzer: patch.security_analyzer ?? file.security_analyzer,
  };
}

function patchLLM(
  current: SettingsFile['llm'],
  patch: NonNullable<SettingsPatch['llm']> | null,
): SettingsFile['llm'] {
  if (patch === null) return null;
  const provider = patch.provider ?? current?.provider;
  const model = patch.model ?? current?.model;
  if (!provider || !model) {
    throw new SettingsError('incomplete_llm', 'Choose both llm.provider and llm.model');
  }
  const baseUrl = patch.base_url === undefined ? current?.base_url : patch.base_url || undefined;
  const apiKey = patch.api_key === undefined ? current?.api_key : patch.api_key || undefined;
  return {
    provider,
    model,
    ...(baseUrl ? { base_url: baseUrl } : {}),
    ...(apiKey ? { api_key: apiKey } : {}),
  };
}
