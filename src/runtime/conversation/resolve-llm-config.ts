import type { ConversationRecord } from '../store/event-store';
import type { LLMConfig } from '../llm/llm-config';
import type { RuntimeSettings } from '../settings/runtime-settings';
import { followsSettings } from './to-conversation-info';

/**
 * The model a run of this conversation uses, key included, or null when none is configured. A
 * conversation with its own model uses the key it was created with (held in memory only), else the
 * settings' key when the settings name the same provider and endpoint. The settings' prices come along.
 */
export function resolveLLMConfig(
  record: ConversationRecord,
  settings: RuntimeSettings,
  conversationKey: string | undefined,
): LLMConfig | null {
  const configured = settings.llm && settings.llm.model !== '' ? settings.llm : null;
  const prices =
    settings.prices && Object.keys(settings.prices).length > 0 ? { prices: settings.prices } : {};
  if (followsSettings(record.llm))
    return configured && withToolCalling({ ...configured, ...prices }, settings);
  const sameEndpoint =
    configured !== null &&
    configured.provider === record.llm.provider &&
    (configured.base_url ?? '') === (record.llm.base_url ?? '');
  const apiKey = conversationKey ?? (sameEndpoint ? configured.api_key : undefined);
  // The name an upstream client gave is for its eyes; the provider is asked for `model`.
  const { upstream_model: _asNamed, ...llm } = record.llm;
  return withToolCalling({ ...llm, ...(apiKey ? { api_key: apiKey } : {}), ...prices }, settings);
}

/** The settings' `native_tool_calling` for this model name, when they name it. */
function withToolCalling(config: LLMConfig, settings: RuntimeSettings): LLMConfig {
  const mode = settings.native_tool_calling?.[config.model];
  return mode === undefined ? config : { ...config, native_tool_calling: mode };
}
