import { DEFAULT_CONFIRMATION_POLICY, DEFAULT_SECURITY_ANALYZER, EMPTY_STATS } from '../events';
import { type ConversationRecord, type EventStore, StoreError } from '../store/event-store';
import type { RuntimeSettings } from '../settings/runtime-settings';
import { DEFAULT_TITLE } from './conversation-title';
import type { CreateConversation, LLMConfigInput } from './requests';
import { RuntimeError } from './runtime-error';
import { SETTINGS_LLM } from './to-conversation-info';
import { skillsOfRequest } from './request-skills';
import { toolsOfAgent } from './upstream-agent';
import { toolsOfAgentSettings } from './upstream-agent-settings';
import { fromUpstreamLLM } from './upstream-llm';
import { ensureWorkingFolder } from '../workspace-files/ensure-working-folder';
import { runtimeForbiddenPaths } from '../workspace-files/forbidden-paths';

/**
 * Creates the conversation row for a create request. Returns the existing row (created: false) when
 * the id is taken. A missing working folder is made for an upstream client's request (see
 * isUpstreamRequest and ensureWorkingFolder) and refused for ours; throws RuntimeError
 * invalid_workspace or workspace_forbidden when it cannot or may not be.
 */
export async function createConversationRecord(
  store: EventStore,
  request: CreateConversation,
  context: {
    id: string;
    createdAt: string;
    defaultWorkspace: string;
    settings: RuntimeSettings;
    /** The runtime's data dir: a missing working folder is never made in it. */
    dataDir: string;
  },
): Promise<{ record: ConversationRecord; created: boolean }> {
  const existing = await store.getConversation(context.id);
  if (existing) return { record: existing, created: false };
  const workspaceDir = await ensureWorkingFolder(
    request.workspace?.working_dir ?? context.defaultWorkspace,
    context.defaultWorkspace,
    () => runtimeForbiddenPaths(context.dataDir, context.settings.sandbox.deny_paths),
    isUpstreamRequest(request),
  );
  const requested = requestedLLM(request);
  const tools = request.agent
    ? toolsOfAgent(request.agent)
    : request.agent_settings
      ? toolsOfAgentSettings(request.agent_settings)
      : undefined;
  const upstreamModel = (request.agent?.llm ?? request.agent_settings?.llm)?.model;
  const skills = skillsOfRequest(
    (request.agent?.agent_context ?? request.agent_settings?.agent_context)?.skills ?? undefined,
  );
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
      stats: { ...EMPTY_STATS },
      tags: request.tags ?? [],
      pinned: false,
      ...(tools ? { tools } : {}),
      ...(request.client_tools?.length ? { client_tools: request.client_tools } : {}),
      ...(skills ? { skills } : {}),
    });
    return { record, created: true };
  } catch (error) {
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
 * The model configuration a create request asks for: ours (`llm`) or upstream's (`agent.llm`, mapped
 * by fromUpstreamLLM; the schema already refused what cannot be mapped). Undefined: follow the settings.
 */
export function requestedLLM(request: CreateConversation): LLMConfigInput | undefined {
  if (request.llm) return request.llm;
  const upstream = request.agent?.llm ?? request.agent_settings?.llm ?? undefined;
  if (!upstream) return undefined;
  const mapped = fromUpstreamLLM(upstream);
  if (!mapped.ok) throw new RuntimeError('invalid_request', `agent.llm: ${mapped.reason}`);
  return mapped.config;
}

/**
 * Whether an upstream client sent this create: it names its agent (`agent`, the Canvas's
 * `agent_settings`) or its workspace's kind or type, which our own page never does. Upstream's server
 * makes a missing working folder; ours refuses one, so a typo in the page makes no folders.
 */
function isUpstreamRequest(request: CreateConversation): boolean {
  const workspace = request.workspace;
  return (
    request.agent !== undefined ||
    request.agent_settings !== undefined ||
    workspace?.kind !== undefined ||
    workspace?.type !== undefined
  );
}
