import { z } from 'zod';
import { RuntimeError } from '../../../runtime/errors/runtime-error';
import { fromUpstreamLLM, toUpstreamLLM, UpstreamLLMSchema } from '../../../runtime/upstream/upstream-llm';
import { isDocument, type SettingsDocument } from '../../../runtime/settings/merge-settings-diff';
import type { SettingsPatch, SettingsView } from '../../../runtime/settings/settings-schemas';
import type {
  UpstreamSettings,
  UpstreamSettingsDiffs,
} from '../../../runtime/settings/upstream-settings-store';

const DocumentSchema = z.record(z.string(), z.unknown());

/** PATCH /api/settings: upstream's diffs, accepted beside our fields. */
export const UpstreamSettingsDiffsSchema = z.object({
  agent_settings_diff: DocumentSchema.optional(),
  conversation_settings_diff: DocumentSchema.optional(),
  misc_settings_diff: DocumentSchema.optional(),
});

/** GET /api/settings: upstream's documents, answered beside our fields. */
export const UpstreamSettingsViewSchema = z.object({
  agent_settings: DocumentSchema,
  conversation_settings: DocumentSchema,
  misc_settings: DocumentSchema,
  llm_api_key_is_set: z.boolean(),
});

/**
 * The documents as upstream answers them. `agent_settings.llm` is our model in effect (settings.json
 * and LLM_* variables), named as the front end saved it when it is still that model; `api_key` is
 * always null: a key is write-only.
 */
export function upstreamSettingsView(
  stored: UpstreamSettings,
  view: SettingsView,
): z.infer<typeof UpstreamSettingsViewSchema> {
  const storedLLM = isDocument(stored.agent_settings.llm) ? stored.agent_settings.llm : {};
  const ours = view.llm
    ? toUpstreamLLM({
        provider: view.llm.provider,
        model: view.llm.model,
        ...(view.llm.base_url ? { base_url: view.llm.base_url } : {}),
      })
    : undefined;
  const givenName = typeof storedLLM.model === 'string' ? storedLLM.model : undefined;
  const sameModel =
    givenName !== undefined && view.llm !== null && namesModel(givenName, storedLLM, view.llm);
  const llm = ours
    ? { ...storedLLM, model: sameModel ? givenName : ours.model, base_url: ours.base_url, api_key: null }
    : { ...storedLLM, api_key: null };
  return {
    agent_settings: { ...stored.agent_settings, llm },
    conversation_settings: stored.conversation_settings,
    misc_settings: stored.misc_settings,
    llm_api_key_is_set: view.llm?.api_key_set ?? false,
  };
}

/**
 * Our `llm` patch for an `agent_settings_diff.llm` (model, base_url, api_key in LiteLLM's naming), or
 * undefined when the diff does not touch the model. Throws RuntimeError `llm_unsupported` for a model
 * this runtime cannot reach, so nothing is saved.
 */
export function llmPatchFromDiff(
  diffs: UpstreamSettingsDiffs,
  stored: UpstreamSettings,
): SettingsPatch['llm'] | undefined {
  const diff = diffs.agent_settings_diff?.llm;
  if (!isDocument(diff)) return undefined;
  const apiKey = typeof diff.api_key === 'string' && diff.api_key !== '' ? diff.api_key : undefined;
  if (diff.model === undefined && diff.base_url === undefined)
    return apiKey ? { api_key: apiKey } : undefined;
  const storedLLM = isDocument(stored.agent_settings.llm) ? stored.agent_settings.llm : {};
  const parsed = UpstreamLLMSchema.safeParse({ ...storedLLM, ...diff, api_key: apiKey ?? null });
  if (!parsed.success)
    throw new RuntimeError('llm_unsupported', 'agent_settings_diff.llm needs a model name');
  const mapped = fromUpstreamLLM(parsed.data);
  if (!mapped.ok) throw new RuntimeError('llm_unsupported', mapped.reason);
  const { provider, model, base_url } = mapped.config;
  return { provider, model, base_url: base_url ?? null, ...(apiKey ? { api_key: apiKey } : {}) };
}

function namesModel(
  givenName: string,
  storedLLM: SettingsDocument,
  current: NonNullable<SettingsView['llm']>,
): boolean {
  const parsed = UpstreamLLMSchema.safeParse({ ...storedLLM, model: givenName, api_key: null });
  if (!parsed.success) return false;
  const mapped = fromUpstreamLLM(parsed.data);
  return mapped.ok && mapped.config.provider === current.provider && mapped.config.model === current.model;
}
