import type { ConversationInfo, LLMPublicConfig } from '../events';
import type { ConversationRecord } from '../store/event-store';

/**
 * The API's view of a conversation row. `llm` shows the model a run would use: the conversation's own,
 * or (when it follows the settings, stored with an empty model) the one configured now.
 */
export function toConversationInfo(
  record: ConversationRecord,
  pendingActionIds: readonly string[],
  settingsLLM: LLMPublicConfig | null,
): ConversationInfo {
  const llm = followsSettings(record.llm) && settingsLLM ? settingsLLM : record.llm;
  return {
    id: record.id,
    title: record.title,
    created_at: record.created_at,
    updated_at: record.updated_at,
    execution_status: record.execution_status,
    confirmation_policy: record.confirmation_policy,
    security_analyzer: record.security_analyzer,
    workspace: { working_dir: record.workspace_dir },
    llm: { provider: llm.provider, model: llm.model },
    leaf_event_id: record.leaf_event_id,
    last_seq: record.last_seq,
    pending_action_ids: [...pendingActionIds],
    forked_from_conversation_id: record.forked_from_conversation_id,
    forked_from_event_id: record.forked_from_event_id,
    max_iterations: record.max_iterations,
    stuck_detection: record.stuck_detection,
    network_access: record.network_access,
    approval_rules: structuredClone(record.approval_rules),
    stats: record.stats,
    tags: record.tags,
    pinned: record.pinned,
  };
}

/** A conversation created without its own model uses whatever the settings say at run time. */
export const SETTINGS_LLM: LLMPublicConfig = { provider: 'openai-compatible', model: '' };

export function followsSettings(llm: LLMPublicConfig): boolean {
  return llm.model === '';
}
