import type { ConversationRecord, ConversationSandbox, TitleSource } from './event-store';
import type { ExecutionStatus } from '../events';
import { sortMillis } from './conversation-sort';

/** A conversations row as better-sqlite3 returns it. */
export interface ConversationRow {
  row_id: number;
  id: string;
  title: string;
  title_source: string;
  created_at: string;
  created_ms: number;
  updated_at: string;
  updated_ms: number;
  workspace_dir: string;
  execution_status: string;
  leaf_event_id: string | null;
  last_seq: number;
  forked_from_conversation_id: string | null;
  forked_from_event_id: string | null;
  pinned: number;
  settings: string;
  /** NULL in rows written before the sandbox was stored (bubblewrap then). */
  sandbox_kind: string | null;
  sandbox_image: string | null;
}

type Settings = Pick<
  ConversationRecord,
  | 'llm'
  | 'confirmation_policy'
  | 'security_analyzer'
  | 'max_iterations'
  | 'stuck_detection'
  | 'network_access'
  | 'approval_rules'
  | 'budgets'
  | 'stats'
  | 'tags'
  | 'tools'
  | 'client_tools'
  | 'tool_concurrency_limit'
  | 'skills'
  | 'hook_config'
  | 'branch_folder'
  | 'parent'
>;

/** Named parameters for INSERT and UPDATE of a conversation row (row_id excluded). */
export function conversationParams(record: ConversationRecord): Omit<ConversationRow, 'row_id'> {
  const settings: Settings = {
    llm: record.llm,
    confirmation_policy: record.confirmation_policy,
    security_analyzer: record.security_analyzer,
    max_iterations: record.max_iterations,
    stuck_detection: record.stuck_detection,
    network_access: record.network_access,
    approval_rules: record.approval_rules,
    ...(record.budgets ? { budgets: record.budgets } : {}),
    stats: record.stats,
    tags: record.tags,
    ...(record.tools ? { tools: record.tools } : {}),
    ...(record.client_tools ? { client_tools: record.client_tools } : {}),
    ...(record.tool_concurrency_limit ? { tool_concurrency_limit: record.tool_concurrency_limit } : {}),
    ...(record.skills ? { skills: record.skills } : {}),
    ...(record.hook_config ? { hook_config: record.hook_config } : {}),
    ...(record.branch_folder ? { branch_folder: record.branch_folder } : {}),
    ...(record.parent ? { parent: record.parent } : {}),
  };
  return {
    id: record.id,
    title: record.title,
    title_source: record.title_source,
    created_at: record.created_at,
    created_ms: sortMillis(record.created_at),
    updated_at: record.updated_at,
    updated_ms: sortMillis(record.updated_at),
    workspace_dir: record.workspace_dir,
    execution_status: record.execution_status,
    leaf_event_id: record.leaf_event_id,
    last_seq: record.last_seq,
    forked_from_conversation_id: record.forked_from_conversation_id,
    forked_from_event_id: record.forked_from_event_id,
    pinned: record.pinned ? 1 : 0,
    settings: JSON.stringify(settings),
    sandbox_kind: record.sandbox?.kind ?? null,
    sandbox_image: record.sandbox?.kind === 'docker' ? record.sandbox.image : null,
  };
}

/** The record a row stores. The settings JSON is written only by conversationParams, so it is trusted. */
export function conversationRecord(row: ConversationRow): ConversationRecord {
  const settings = JSON.parse(row.settings) as Settings;
  return {
    id: row.id,
    title: row.title,
    title_source: row.title_source as TitleSource,
    created_at: row.created_at,
    updated_at: row.updated_at,
    workspace_dir: row.workspace_dir,
    llm: settings.llm,
    execution_status: row.execution_status as ExecutionStatus,
    confirmation_policy: settings.confirmation_policy,
    security_analyzer: settings.security_analyzer,
    leaf_event_id: row.leaf_event_id,
    last_seq: row.last_seq,
    forked_from_conversation_id: row.forked_from_conversation_id,
    forked_from_event_id: row.forked_from_event_id,
    max_iterations: settings.max_iterations,
    stuck_detection: settings.stuck_detection,
    // Rows written before the network switch existed had no network.
    network_access: settings.network_access ?? false,
    // Rows written before approval rules existed had none.
    approval_rules: settings.approval_rules ?? [],
    ...(settings.budgets ? { budgets: settings.budgets } : {}),
    stats: settings.stats,
    tags: settings.tags,
    ...(settings.tools ? { tools: settings.tools } : {}),
    ...(settings.client_tools ? { client_tools: settings.client_tools } : {}),
    ...(settings.tool_concurrency_limit ? { tool_concurrency_limit: settings.tool_concurrency_limit } : {}),
    ...(settings.skills ? { skills: settings.skills } : {}),
    ...(settings.hook_config ? { hook_config: settings.hook_config } : {}),
    ...(settings.branch_folder ? { branch_folder: settings.branch_folder } : {}),
    ...(settings.parent ? { parent: settings.parent } : {}),
    pinned: row.pinned === 1,
    ...sandboxOfRow(row),
  };
}

/** Absent in rows written before the sandbox was stored: they ran in bubblewrap, the only backend then. */
function sandboxOfRow(row: ConversationRow): { sandbox?: ConversationSandbox } {
  if (row.sandbox_kind === 'docker' && row.sandbox_image)
    return { sandbox: { kind: 'docker', image: row.sandbox_image } };
  return row.sandbox_kind === 'bubblewrap' ? { sandbox: { kind: 'bubblewrap' } } : {};
}
