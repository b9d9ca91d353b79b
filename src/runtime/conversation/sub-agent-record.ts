import { type Budgets, EMPTY_STATS, type TaskAction } from '../events';
import type { ConversationRecord, NewConversationRecord } from '../store/event-store';

/** Titles longer than this are cut (a prompt used as the title). */
const MAX_TITLE_CHARACTERS = 80;

/**
 * The row of a sub-agent's conversation: the parent's workspace, model, confirmation policy, security
 * analyzer, approval rules, iteration limit, stuck detection, network switch and skills; its own
 * tools, budgets, empty stats and the link to its parent. Never a branch folder: the folder belongs
 * to the parent, and deleting the child must not take it. Pure.
 */
export function subAgentRecord(
  parent: ConversationRecord,
  child: {
    id: string;
    action: TaskAction;
    actionId: string;
    depth: number;
    tools: string[];
    budgets: Budgets;
    createdAt: string;
  },
): NewConversationRecord {
  return {
    id: child.id,
    title: titleOf(child.action),
    title_source: 'auto',
    created_at: child.createdAt,
    workspace_dir: parent.workspace_dir,
    llm: structuredClone(parent.llm),
    execution_status: 'idle',
    confirmation_policy: structuredClone(parent.confirmation_policy),
    security_analyzer: structuredClone(parent.security_analyzer),
    forked_from_conversation_id: null,
    forked_from_event_id: null,
    max_iterations: parent.max_iterations,
    stuck_detection: parent.stuck_detection,
    network_access: parent.network_access,
    approval_rules: structuredClone(parent.approval_rules),
    budgets: child.budgets,
    stats: { ...EMPTY_STATS },
    tags: [],
    pinned: false,
    tools: child.tools,
    ...(parent.skills ? { skills: structuredClone(parent.skills) } : {}),
    parent: { conversation_id: parent.id, action_id: child.actionId, depth: child.depth },
    // Its commands run beside its parent's, in the same kind of sandbox.
    ...(parent.sandbox ? { sandbox: { ...parent.sandbox } } : {}),
  };
}

function titleOf(action: TaskAction): string {
  const text = (action.description?.trim() || action.prompt.trim()).replace(/\s+/g, ' ');
  return text.length > MAX_TITLE_CHARACTERS ? `${text.slice(0, MAX_TITLE_CHARACTERS - 1)}…` : text;
}
