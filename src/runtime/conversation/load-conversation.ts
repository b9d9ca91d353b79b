import { storedSandbox } from '../sandbox/sandbox-kind';
import { join } from 'node:path';
import type { LLM } from '../llm/llm';
import { conversationMCPServers } from '../mcp/conversation-mcp-servers';
import type { Toolset } from '../tools/tool';
import { snapshotBeforeStep } from './conversation-checkpoints';
import { type ConversationLog, openConversationLog } from './conversation-log';
import { discoverSkills, type Skill } from '../skills/discover-skills';
import { ensureSystemPrompt } from './ensure-system-prompt';
import { createLiveConversation, type LiveConversation } from './live-conversation';
import { resolveLLMConfig } from './resolve-llm-config';
import { RuntimeError } from '../errors/runtime-error';
import { nativeToolsKey } from '../llm/text-tools/native-tools-memory';
import { withTextToolCalls } from '../llm/text-tools/with-text-tool-calls';
import { StoreError } from '../store/event-store';
import { mergeHookConfigs } from '../events/hook-config';
import { sandboxedHookRunner } from '../hooks/hook-command-runner';
import { acceptedWorkspaceHooks } from '../hooks/workspace-hooks-file';
import { observationsDir } from './observations-dir';
import type { RegistryPorts } from './registry-ports';

/** A conversation read from the store: its live loop and its toolset (made on first use). */
export interface LoadedConversation {
  live: LiveConversation;
  /** Appends the system prompt when missing and reads the skills again. */
  prepare(): Promise<void>;
  /** Creates the toolset on first use. */
  toolset(): Toolset;
  /** The toolset if it was created. */
  createdToolset(): Toolset | undefined;
  /** Forgets the toolset (the caller closed it): the next use creates a new one. */
  forgetToolset(): void;
}

/**
 * What a load reads and keeps of the conversation's memory-only state, which outlives the load (the
 * conversation object, see ConversationResources).
 */
export interface LoadState {
  readonly id: string;
  readonly apiKey: string | undefined;
  /** The skills as last read: kept across idle drops (a message is matched against them before a run). */
  skills: readonly Skill[] | undefined;
  /** Tool notices (an MCP server that failed) already appended: kept across idle drops, told once. */
  readonly toldNotices: Set<string>;
  /** Being deleted: nothing more is recorded or read for it. */
  readonly deleting: boolean;
  readonly loaded: LoadedConversation | undefined;
}

/**
 * Reads a conversation from the store (under this runtime's lease, recovering a run a gone runtime
 * left) and builds its live loop. Throws conversation_not_found, conversation_elsewhere.
 */
export async function loadConversation(
  state: LoadState,
  ports: RegistryPorts,
  onRunEnd: () => void,
): Promise<LoadedConversation> {
  const { deps } = ports;
  const id = state.id;
  const log = await openLog(id, ports);
  let created: Toolset | undefined;
  const toolset = (): Toolset => {
    created ??= deps.createToolset({
      conversationId: id,
      workspaceDir: log.record().workspace_dir,
      sandbox: storedSandbox(log.record().sandbox),
      observationsDir: observationsDir(deps.dataDir, id),
      // A deleted conversation (its tools still closing) has no network.
      networkEnabled: () => !state.deleting && state.loaded !== undefined && log.record().network_access,
      mcpServers: conversationMCPServers(deps.settings().mcp_servers ?? {}, ports.mcpConfigs.get(id)),
      ...(log.record().skills ? { requestSkills: log.record().skills } : {}),
      recordPersonCommand: (command, exitCode) => {
        if (state.deleting) return;
        log
          .append({
            kind: 'TerminalCommandEvent',
            id: ports.newId(),
            timestamp: ports.clock().toISOString(),
            source: 'user',
            command,
            exit_code: exitCode,
          })
          .catch((error: unknown) =>
            ports.logger.error('terminal command not recorded', { conversation_id: id, error }),
          );
      },
    });
    return created;
  };
  const userSkillsDir = join(deps.dataDir, 'skills');
  const readSkills = async (): Promise<void> => {
    const found = await discoverSkills({
      workspaceDir: log.record().workspace_dir,
      userSkillsDir,
      ...(log.record().skills ? { requestSkills: log.record().skills } : {}),
    });
    if (!state.deleting) state.skills = found;
  };
  const readSkillsOrWarn = () =>
    readSkills().catch((error: unknown) =>
      ports.logger.warn('skills not read', { conversation_id: id, error }),
    );
  const prepare = (tools: Toolset): Promise<void> =>
    ensureSystemPrompt(log, tools, {
      newId: ports.newId,
      clock: ports.clock,
      userSkillsDir,
      toldNotices: state.toldNotices,
      ...(deps.secrets ? { secretNames: Object.keys(deps.secrets.commandSecrets(id)) } : {}),
      memory: (deps.settings().memory_workspaces ?? []).includes(log.record().workspace_dir),
    });
  // Loaded for the first time, or again after a restart: read before any message is matched against
  // them (plain file reads, a few milliseconds), so a trigger word in the very next message counts.
  if (state.skills === undefined) await readSkillsOrWarn();
  const live = createLiveConversation(log, {
    newId: ports.newId,
    now: () => ports.clock().toISOString(),
    resolveLLM: (): LLM | undefined => {
      const config = resolveLLMConfig(log.record(), deps.settings(), state.apiKey);
      if (!config) return undefined;
      return withTextToolCalls(deps.createLLM(config), {
        mode: config.native_tool_calling ?? 'auto',
        memory: ports.nativeTools,
        key: nativeToolsKey(config),
        newId: ports.newId,
      });
    },
    toolset,
    ensureSystemPrompt: async (tools) => {
      await prepare(tools);
      // In the background: a run does not wait for them, the next message uses them.
      void readSkillsOrWarn();
    },
    knowledgeSkills: () => state.skills ?? [],
    observationsDir: observationsDir(deps.dataDir, id),
    condenser: ports.condenser,
    toolConcurrencyLimit: log.record().tool_concurrency_limit ?? ports.toolConcurrencyLimit,
    runSlots: ports.runSlots,
    globalApprovalRules: () => deps.settings().approval_rules,
    addGlobalApprovalRule: deps.addGlobalApprovalRule,
    onRunEnd,
    onFirstUserMessage: (text) => ports.onFirstUserMessage(id, text),
    hooks: {
      // Global first, then the workspace file the person accepted, then the conversation's own.
      config: () =>
        mergeHookConfigs([
          deps.settings().hooks,
          acceptedWorkspaceHooks(log.record().workspace_dir, deps.settings().accepted_workspace_hooks),
          log.record().hook_config,
        ]),
      runCommand: sandboxedHookRunner(() => deps.workspaceConfinement?.(storedSandbox(log.record().sandbox))),
    },
    logger: ports.logger,
    ...checkpointPorts(id, log, ports),
  });
  return {
    live,
    // At creation the first message may follow at once: its triggers need the skills read by then.
    prepare: async () => {
      await prepare(toolset());
      await readSkills();
    },
    toolset,
    createdToolset: () => created,
    forgetToolset: () => {
      created = undefined;
    },
  };
}

async function openLog(id: string, ports: RegistryPorts): Promise<ConversationLog> {
  if (ports.leases) {
    const claim = await ports.leases.claim(id);
    if (claim.kind === 'unknown') throw new RuntimeError('conversation_not_found');
    if (claim.kind === 'elsewhere') throw new RuntimeError('conversation_elsewhere');
    // Not loaded here, and nobody else may write it now: a stored "running" is a run that died with
    // its runtime (this process's own runs keep their conversations loaded).
    await ports.recover?.(id);
  }
  return openConversationLog(ports.deps.store, id, {
    newId: ports.newId,
    now: () => ports.clock().toISOString(),
    secrets: ports.deps.secrets,
    logger: ports.logger,
  }).catch((error: unknown) => {
    if (error instanceof StoreError && error.code === 'unknown_conversation')
      throw new RuntimeError('conversation_not_found');
    throw error;
  });
}

/** A snapshot before each step, and its prefetch, when the runtime keeps checkpoints. */
function checkpointPorts(id: string, log: ConversationLog, ports: RegistryPorts) {
  const { checkpoints, logger } = ports;
  if (!checkpoints.enabled) return { checkpoint: undefined, prepareCheckpoint: undefined };
  return {
    checkpoint: async (signal: AbortSignal) => {
      const watched = checkpoints.watched(
        id,
        log.record().workspace_dir,
        storedSandbox(log.record().sandbox),
      );
      return watched ? snapshotBeforeStep(watched, { conversationId: id, signal, logger }) : undefined;
    },
    prepareCheckpoint: () =>
      checkpoints.watched(id, log.record().workspace_dir, storedSandbox(log.record().sandbox))?.prefetch(),
  };
}
