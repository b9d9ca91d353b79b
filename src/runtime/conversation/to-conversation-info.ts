import {
  type BudgetEvent,
  type ConversationInfo,
  type LLMPublicConfig,
  NO_BUDGETS,
  toUpstreamTags,
} from '../events';
import { conversationSandboxKind } from '../sandbox/conversation-sandbox-kind';
import type { ConversationRecord } from '../store/event-store';
import type { InfoDecorator } from './conversation-service-deps';

/**
 * The API's view of a conversation row. `llm` shows the model a run would use: the conversation's own,
 * or (when it follows the settings, stored with an empty model) the one configured now;
 * `persistenceDir` is the conversation's folder in the data dir; `tags` is upstream's key-value object
 * and `tag_list` our list. `decorate` adds another contract's fields (the upstream edge's `agent`, the
 * model in upstream's words without a key, and `stats.usage_to_metrics`, which the Agent Canvas sums)
 * from the row and the model shown, its base URL stripped of anything secret.
 */
export function toConversationInfo(
  record: ConversationRecord,
  pendingActionIds: readonly string[],
  settingsLLM: LLMPublicConfig | null,
  persistenceDir: string,
  budgetPause: BudgetEvent | null = null,
  queued: { position: number; queued_at: string } | null = null,
  env: NodeJS.ProcessEnv = process.env,
  decorate?: InfoDecorator,
): ConversationInfo {
  const llm = followsSettings(record.llm) && settingsLLM ? settingsLLM : record.llm;
  const info: ConversationInfo = {
    id: record.id,
    title: record.title,
    created_at: record.created_at,
    updated_at: record.updated_at,
    execution_status: record.execution_status,
    confirmation_policy: record.confirmation_policy,
    security_analyzer: record.security_analyzer,
    workspace: { working_dir: record.workspace_dir, kind: 'LocalWorkspace' },
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
    budgets: { ...(record.budgets ?? NO_BUDGETS) },
    budget_pause: budgetPause
      ? {
          budget: budgetPause.budget ?? 'run',
          limit_usd: budgetPause.limit_usd ?? 0,
          spent_usd: budgetPause.spent_usd ?? 0,
          event_id: budgetPause.id,
        }
      : null,
    run_queue: queued ? { position: queued.position, queued_at: queued.queued_at } : null,
    stats: { ...record.stats },
    tags: toUpstreamTags(record.tags),
    tag_list: [...record.tags],
    pinned: record.pinned,
    branch_folder: record.branch_folder !== undefined,
    sandbox: conversationSandboxKind(record.sandbox, env),
    sandbox_image: record.sandbox?.kind === 'docker' ? record.sandbox.image : null,
    persistence_dir: persistenceDir,
    hook_config: record.hook_config ? structuredClone(record.hook_config) : null,
    activated_knowledge_skills: [],
    parent_conversation_id: record.parent?.conversation_id ?? null,
    parent_action_id: record.parent?.action_id ?? null,
  };
  if (!decorate) return info;
  return decorate(info, record, {
    ...llm,
    ...(llm.base_url ? { base_url: publicBaseUrl(llm.base_url) } : {}),
  });
}

/**
 * A base URL as it may be shown: no user name, password, query or fragment (a gateway key sometimes
 * rides there, and this answer is not redacted).
 */
function publicBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** A conversation created without its own model uses whatever the settings say at run time. */
export const SETTINGS_LLM: LLMPublicConfig = { provider: 'openai-compatible', model: '' };

export function followsSettings(llm: LLMPublicConfig): boolean {
  return llm.model === '';
}
