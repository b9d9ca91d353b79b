import { sandboxChoice } from '../sandbox/sandbox-choice';
import { requestedSandbox } from './requested-sandbox';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  type Budgets,
  DEFAULT_CONFIRMATION_POLICY,
  DEFAULT_SECURITY_ANALYZER,
  EMPTY_STATS,
  NO_BUDGETS,
} from '../events';
import { type ConversationRecord, type EventStore, StoreError } from '../store/event-store';
import type { RuntimeSettings } from '../settings/runtime-settings';
import { DEFAULT_TITLE } from './conversation-title';
import type { ConversationAgent } from './conversation-agent';
import type { CreateConversation } from './requests';
import { SETTINGS_LLM } from './to-conversation-info';
import { isEmptyHookConfig } from '../events/hook-config';
import { ensureWorkingFolder } from '../workspace/ensure-working-folder';
import { runtimeForbiddenPaths } from '../workspace/forbidden-paths';

/** How a create makes, and takes back, a conversation's own worktree (branch-folder.ts). */
export interface ConversationWorktrees {
  /** Throws RuntimeError worktree_not_a_repository or branch_folder_failed. */
  make(workingFolder: string): Promise<{ folder: string; workspaceDir: string }>;
  /** Never throws: a worktree left behind is logged. */
  remove(folder: string): Promise<void>;
}

/**
 * Creates the conversation row for a create request and the agent its client chose (tools, skills,
 * tuning). Returns the existing row (created: false) when the id is taken. A missing working folder is
 * made for an upstream client's request (see isUpstreamRequest and ensureWorkingFolder) and refused
 * for ours; throws RuntimeError
 * invalid_workspace or workspace_forbidden when it cannot or may not be. With `worktree: true` and an
 * existing folder the conversation works in its own worktree (context.worktree), which it owns
 * (`branch_folder`), or the create fails with worktree_not_a_repository.
 */
export async function createConversationRecord(
  store: EventStore,
  request: CreateConversation,
  agent: ConversationAgent,
  context: {
    id: string;
    createdAt: string;
    defaultWorkspace: string;
    settings: RuntimeSettings;
    /** The runtime's data dir: a missing working folder is never made in it. */
    dataDir: string;
    /** Makes the conversation's own worktree (`worktree: true`); absent: it works in the folder itself. */
    worktree?: ConversationWorktrees;
  },
): Promise<{ record: ConversationRecord; created: boolean }> {
  const existing = await store.getConversation(context.id);
  if (existing) return { record: existing, created: false };
  const named = request.workspace?.working_dir ?? context.defaultWorkspace;
  const existed = await stat(resolve(context.defaultWorkspace, named)).then(
    () => true,
    () => false,
  );
  const workingFolder = await ensureWorkingFolder(
    named,
    context.defaultWorkspace,
    () => runtimeForbiddenPaths(context.dataDir, context.settings.sandbox.deny_paths),
    isUpstreamRequest(request, agent),
  );
  // A folder made just now (the Canvas's ~/workspace/project/<id>) holds no repository: as upstream,
  // it is worked in directly. A folder the person named must be in one: else 422.
  const owned =
    request.worktree && existed && context.worktree ? await context.worktree.make(workingFolder) : undefined;
  const workspaceDir = owned?.workspaceDir ?? workingFolder;
  const requested = request.llm;
  const { tools, skills, upstream_model: upstreamModel } = agent;
  const llm = requested
    ? {
        provider: requested.provider,
        model: requested.model,
        ...(requested.base_url ? { base_url: requested.base_url } : {}),
        ...(upstreamModel ? { upstream_model: upstreamModel } : {}),
      }
    : SETTINGS_LLM;
  try {
    const record = await store.createConversation({
      id: context.id,
      title: request.title ?? DEFAULT_TITLE,
      // autotitle:false keeps the default title until the person renames the conversation.
      title_source: request.title || request.autotitle === false ? 'user' : 'auto',
      created_at: context.createdAt,
      workspace_dir: workspaceDir,
      llm,
      execution_status: 'idle',
      confirmation_policy:
        request.confirmation_policy ?? context.settings.confirmation_policy ?? DEFAULT_CONFIRMATION_POLICY,
      security_analyzer:
        request.security_analyzer ?? context.settings.security_analyzer ?? DEFAULT_SECURITY_ANALYZER,
      forked_from_conversation_id: null,
      forked_from_event_id: null,
      max_iterations: request.max_iterations,
      stuck_detection: request.stuck_detection,
      network_access: request.network_access ?? false,
      approval_rules: [],
      budgets: requestedBudgets(request, context.settings.budgets ?? NO_BUDGETS),
      stats: { ...EMPTY_STATS },
      tags: request.tags ?? [],
      pinned: false,
      ...(tools ? { tools } : {}),
      ...(owned ? { branch_folder: owned.folder } : {}),
      ...(request.client_tools?.length ? { client_tools: request.client_tools } : {}),
      ...(skills ? { skills } : {}),
      ...(request.hook_config && !isEmptyHookConfig(request.hook_config)
        ? { hook_config: request.hook_config }
        : {}),
      sandbox: requestedSandbox(request, sandboxChoice(process.env, context.settings.sandbox)),
      ...(agent.tool_concurrency_limit ? { tool_concurrency_limit: agent.tool_concurrency_limit } : {}),
    });
    return { record, created: true };
  } catch (error) {
    if (owned) await context.worktree?.remove(owned.folder);
    // Two creates with the same id at once: the second one answers like a repeated request.
    const raced =
      error instanceof StoreError && error.code === 'conversation_exists'
        ? await store.getConversation(context.id)
        : undefined;
    if (raced) return { record: raced, created: false };
    throw error;
  }
}

/**
 * Whether an upstream client sent this create: it named its agent (the edge says so:
 * `make_missing_folder`) or its workspace's kind or type, which our own page never does. Upstream's
 * server makes a missing working folder; ours refuses one, so a typo in the page makes no folders.
 */
function isUpstreamRequest(request: CreateConversation, agent: ConversationAgent): boolean {
  const workspace = request.workspace;
  return agent.make_missing_folder === true || workspace?.kind !== undefined || workspace?.type !== undefined;
}

/** Each budget the request names (a number, or null for none), else the settings' default. */
function requestedBudgets(request: CreateConversation, defaults: Budgets): Budgets {
  return {
    max_budget_per_run:
      request.max_budget_per_run === undefined ? defaults.max_budget_per_run : request.max_budget_per_run,
    max_budget_per_conversation:
      request.max_budget_per_conversation === undefined
        ? defaults.max_budget_per_conversation
        : request.max_budget_per_conversation,
    max_budget_per_automation_run:
      request.max_budget_per_automation_run === undefined
        ? defaults.max_budget_per_automation_run
        : request.max_budget_per_automation_run,
  };
}
