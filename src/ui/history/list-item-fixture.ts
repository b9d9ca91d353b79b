import type { ConversationListItem } from './conversation-list-item';

/** A complete list row for unit tests; `minute` orders rows (a higher minute is newer activity). */
export function listItem(
  id: string,
  minute: number,
  overrides: Partial<ConversationListItem> = {},
): ConversationListItem {
  const at = new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();
  return {
    id,
    title: `Conversation ${id}`,
    created_at: at,
    updated_at: at,
    execution_status: 'finished',
    confirmation_policy: { kind: 'NeverConfirm' },
    security_analyzer: { kind: 'PatternSecurityAnalyzer' },
    workspace: { working_dir: '/tmp/w' },
    llm: { provider: 'openai', model: 'gpt' },
    leaf_event_id: null,
    last_seq: 0,
    pending_action_ids: [],
    forked_from_conversation_id: null,
    forked_from_event_id: null,
    max_iterations: 500,
    stuck_detection: true,
    stats: { prompt_tokens: 0, completion_tokens: 0, cost: 0 },
    tags: [],
    pinned: false,
    ...overrides,
  };
}
