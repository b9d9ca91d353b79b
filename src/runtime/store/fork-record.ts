import { EMPTY_STATS } from '../events';
import type { ConversationRecord, ForkOptions } from './event-store';

/**
 * The conversation row of a fork: the source's settings, a new title, `idle`, fresh stats unless asked
 * otherwise, and where it came from. Leaf and last seq are those of the copied events.
 */
export function forkRecord(
  source: ConversationRecord,
  options: ForkOptions,
  copied: { leafEventId: string | null; lastSeq: number },
): ConversationRecord {
  return {
    id: options.id,
    title: options.title,
    title_source: 'auto',
    created_at: options.created_at,
    updated_at: options.created_at,
    workspace_dir: options.branch?.workspaceDir ?? source.workspace_dir,
    llm: structuredClone(source.llm),
    execution_status: 'idle',
    confirmation_policy: structuredClone(source.confirmation_policy),
    security_analyzer: structuredClone(source.security_analyzer),
    leaf_event_id: copied.leafEventId,
    last_seq: copied.lastSeq,
    forked_from_conversation_id: source.id,
    forked_from_event_id: options.fromEventId ?? source.leaf_event_id,
    max_iterations: source.max_iterations,
    stuck_detection: source.stuck_detection,
    network_access: source.network_access,
    // A fork carries on the same work, so the rules the person set for it still apply.
    approval_rules: structuredClone(source.approval_rules),
    // Its budgets too; a fork with reset stats starts counting from 0 against them.
    ...(source.budgets ? { budgets: { ...source.budgets } } : {}),
    stats: options.resetStats ? { ...EMPTY_STATS } : { ...source.stats },
    tags: [...source.tags],
    pinned: false,
    ...(source.tools ? { tools: [...source.tools] } : {}),
    // As upstream's fork: a fork of a conversation with client tools can still offer them.
    ...(source.client_tools ? { client_tools: structuredClone(source.client_tools) } : {}),
    ...(source.skills ? { skills: structuredClone(source.skills) } : {}),
    ...(source.hook_config ? { hook_config: structuredClone(source.hook_config) } : {}),
    ...(source.tool_concurrency_limit ? { tool_concurrency_limit: source.tool_concurrency_limit } : {}),
    // The fork's commands run where its source's did.
    ...(source.sandbox ? { sandbox: { ...source.sandbox } } : {}),
    // A fork that shares the folder does not own it, even when its source did.
    ...(options.branch ? { branch_folder: options.branch.folder } : {}),
  };
}
