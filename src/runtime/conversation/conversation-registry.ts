import { storedSandbox } from '../sandbox/sandbox-kind';
import { join } from 'node:path';
import type { CondenserOptions } from '../context/condenser';
import type { LLM } from '../llm/llm';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { conversationMCPServers } from '../mcp/conversation-mcp-servers';
import type { ConversationMCPConfigs } from './conversation-mcp-configs';
import type { MCPServerStatus } from '../mcp/start-mcp-servers';
import type { ConversationSandbox } from '../tools/conversation-sandbox';
import type { Toolset } from '../tools/tool';
import { type ConversationCheckpoints, snapshotBeforeStep } from './conversation-checkpoints';
import { openConversationLog } from './conversation-log';
import type { ConversationServiceDeps } from './conversation-service-deps';
import { discoverSkills, type Skill } from '../skills/discover-skills';
import { ensureSystemPrompt } from './ensure-system-prompt';
import { createLiveConversation, type LiveConversation } from './live-conversation';
import { resolveLLMConfig } from './resolve-llm-config';
import type { ConversationLeases } from './conversation-leases';
import { RuntimeError } from './runtime-error';
import type { RunQueue } from './run-queue';
import { type NativeToolsMemory, nativeToolsKey } from '../llm/text-tools/native-tools-memory';
import { withTextToolCalls } from '../llm/text-tools/with-text-tool-calls';
import { StoreError } from '../store/event-store';
import { mergeHookConfigs } from '../events/hook-config';
import { sandboxedHookRunner } from '../hooks/hook-command-runner';
import { acceptedWorkspaceHooks } from '../hooks/workspace-hooks-file';

export interface RegistryPorts {
  deps: ConversationServiceDeps;
  newId(): string;
  clock(): Date;
  condenser: CondenserOptions;
  toolConcurrencyLimit: number;
  /** Which models' endpoints refused native tools in this runtime. */
  nativeTools: NativeToolsMemory;
  /** The runtime's run slots, shared by every conversation. */
  runSlots: RunQueue;
  /** Per-conversation API keys given at create time; memory only. */
  apiKeys: Map<string, string>;
  /** Per-conversation MCP servers and the global ones turned off (`mcp_config`). */
  mcpConfigs: Pick<ConversationMCPConfigs, 'get'>;
  onFirstUserMessage(conversationId: string, text: string): void;
  checkpoints: ConversationCheckpoints;
  logger: RuntimeLogger;
  /**
   * With a shared database: a conversation is loaded only under this runtime's lease, and a run left
   * behind by a runtime that is gone is recovered (`recover`) before the conversation is read.
   */
  leases?: Pick<ConversationLeases, 'claim'>;
  recover?(conversationId: string): Promise<void>;
}

interface Entry {
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
 * Loaded conversations: loaded lazily from the store on first use and dropped (toolset closed) once
 * no run is going and nobody is subscribed, so memory follows activity, not history.
 */
export function createConversationRegistry(ports: RegistryPorts) {
  const { deps } = ports;
  const entries = new Map<string, Entry>();
  /** Conversations being read from the store: a second acquire meanwhile waits for the same load. */
  const loading = new Map<string, Promise<Entry>>();
  /** How many requests hold each loaded conversation (acquire without release yet). */
  const holds = new Map<string, number>();
  /** Dropped conversations whose last writes are still committing: a new load waits for them. */
  const draining = new Map<string, Promise<void>>();
  /** Conversations being deleted: gone for every request from the moment the delete begins. */
  const deleting = new Set<string>();
  /**
   * The skills of each conversation as last read (at creation, at each run's start, on load): kept
   * across idle drops, because a person's message is matched against them before any run starts.
   */
  const skillsOf = new Map<string, readonly Skill[]>();
  /** Tool notices (an MCP server that failed) already appended: kept across idle drops, told once. */
  const toldNotices = new Map<string, Set<string>>();
  const toldNoticesOf = (id: string): Set<string> => {
    let told = toldNotices.get(id);
    if (!told) {
      told = new Set();
      toldNotices.set(id, told);
    }
    return told;
  };

  async function load(id: string): Promise<Entry> {
    await draining.get(id);
    if (ports.leases) {
      const claim = await ports.leases.claim(id);
      if (claim.kind === 'unknown') throw new RuntimeError('conversation_not_found');
      if (claim.kind === 'elsewhere') throw new RuntimeError('conversation_elsewhere');
      // Not loaded here, and nobody else may write it now: a stored "running" is a run that died with
      // its runtime (this process's own runs keep their conversations loaded).
      await ports.recover?.(id);
    }
    const now = () => ports.clock().toISOString();
    const log = await openConversationLog(deps.store, id, {
      newId: ports.newId,
      now,
      secrets: deps.secrets,
      logger: ports.logger,
    }).catch((error: unknown) => {
      if (error instanceof StoreError && error.code === 'unknown_conversation')
        throw new RuntimeError('conversation_not_found');
      throw error;
    });
    let created: Toolset | undefined;
    const toolset = (): Toolset => {
      created ??= deps.createToolset({
        conversationId: id,
        workspaceDir: log.record().workspace_dir,
        sandbox: storedSandbox(log.record().sandbox),
        observationsDir: observationsDir(deps.dataDir, id),
        // A deleted conversation (its tools still closing) has no network.
        networkEnabled: () => !deleting.has(id) && entries.has(id) && log.record().network_access,
        mcpServers: conversationMCPServers(deps.settings().mcp_servers ?? {}, ports.mcpConfigs.get(id)),
        ...(log.record().skills ? { requestSkills: log.record().skills } : {}),
        recordPersonCommand: (command, exitCode) => {
          if (deleting.has(id)) return;
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
      if (!deleting.has(id)) skillsOf.set(id, found);
    };
    const prepare = (tools: Toolset): Promise<void> =>
      ensureSystemPrompt(log, tools, {
        newId: ports.newId,
        clock: ports.clock,
        userSkillsDir,
        toldNotices: toldNoticesOf(id),
        ...(deps.secrets ? { secretNames: Object.keys(deps.secrets.commandSecrets(id)) } : {}),
        memory: (deps.settings().memory_workspaces ?? []).includes(log.record().workspace_dir),
      });
    /** In the background: a run does not wait for them, the next message uses them. */
    const refreshSkills = () => {
      readSkills().catch((error: unknown) =>
        ports.logger.warn('skills not read', { conversation_id: id, error }),
      );
    };
    // Loaded for the first time, or again after a restart: read before any message is matched against
    // them (plain file reads, a few milliseconds), so a trigger word in the very next message counts.
    if (!skillsOf.has(id))
      await readSkills().catch((error: unknown) =>
        ports.logger.warn('skills not read', { conversation_id: id, error }),
      );
    const live = createLiveConversation(log, {
      newId: ports.newId,
      now,
      resolveLLM: (): LLM | undefined => {
        const config = resolveLLMConfig(log.record(), deps.settings(), ports.apiKeys.get(id));
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
        refreshSkills();
      },
      knowledgeSkills: () => skillsOf.get(id) ?? [],
      observationsDir: observationsDir(deps.dataDir, id),
      condenser: ports.condenser,
      toolConcurrencyLimit: log.record().tool_concurrency_limit ?? ports.toolConcurrencyLimit,
      runSlots: ports.runSlots,
      globalApprovalRules: () => deps.settings().approval_rules,
      addGlobalApprovalRule: deps.addGlobalApprovalRule,
      onRunEnd: () => {
        // The watcher lives only while a run does: between turns a step's first snapshot is fresh.
        ports.checkpoints.release(id);
        dropIfIdle(id);
      },
      onFirstUserMessage: (text) => ports.onFirstUserMessage(id, text),
      hooks: {
        // Global first, then the workspace file the person accepted, then the conversation's own.
        config: () =>
          mergeHookConfigs([
            deps.settings().hooks,
            acceptedWorkspaceHooks(log.record().workspace_dir, deps.settings().accepted_workspace_hooks),
            log.record().hook_config,
          ]),
        runCommand: sandboxedHookRunner(() =>
          deps.workspaceConfinement?.(storedSandbox(log.record().sandbox)),
        ),
      },
      logger: ports.logger,
      checkpoint: ports.checkpoints.enabled
        ? async (signal) => {
            const watched = ports.checkpoints.watched(
              id,
              log.record().workspace_dir,
              storedSandbox(log.record().sandbox),
            );
            return watched
              ? snapshotBeforeStep(watched, { conversationId: id, signal, logger: ports.logger })
              : undefined;
          }
        : undefined,
      prepareCheckpoint: ports.checkpoints.enabled
        ? () =>
            ports.checkpoints
              .watched(id, log.record().workspace_dir, storedSandbox(log.record().sandbox))
              ?.prefetch()
        : undefined,
    });
    // At creation the first message may follow at once: its triggers need the skills read by then.
    const prepareNow = async () => {
      await prepare(toolset());
      await readSkills();
    };
    return {
      live,
      prepare: prepareNow,
      toolset,
      createdToolset: () => created,
      forgetToolset: () => {
        created = undefined;
      },
    };
  }

  async function acquire(id: string): Promise<LiveConversation> {
    if (deleting.has(id)) throw new RuntimeError('conversation_not_found');
    const held = entries.get(id);
    if (held) {
      holds.set(id, (holds.get(id) ?? 0) + 1);
      return held.live;
    }
    let loaded = loading.get(id);
    if (!loaded) {
      loaded = load(id).finally(() => loading.delete(id));
      loading.set(id, loaded);
    }
    const entry = await loaded;
    // Deleted while it was being read: gone for this request too.
    if (deleting.has(id)) throw new RuntimeError('conversation_not_found');
    if (!entries.has(id)) entries.set(id, entry);
    holds.set(id, (holds.get(id) ?? 0) + 1);
    return (entries.get(id) as Entry).live;
  }

  /** Lets go of a conversation acquired before, and drops it if nothing else holds it. */
  function release(id: string): void {
    const held = (holds.get(id) ?? 1) - 1;
    if (held > 0) holds.set(id, held);
    else holds.delete(id);
    dropIfIdle(id);
  }

  /** Drops the conversation from memory when no request, run or subscriber holds it. */
  function dropIfIdle(id: string): void {
    const entry = entries.get(id);
    if (!entry || holds.has(id) || entry.live.isRunning() || entry.live.log.subscriberCount() > 0) return;
    entries.delete(id);
    const drained = entry.live.log.settled().finally(() => {
      if (draining.get(id) === drained) draining.delete(id);
    });
    draining.set(id, drained);
    closeToolset(id, entry);
  }

  function closeToolset(id: string, entry: Entry): void {
    entry
      .createdToolset()
      ?.close()
      .catch((error: unknown) => ports.logger.error('toolset did not close', { conversation_id: id, error }));
  }

  /** Stops what runs and closes the toolset. */
  async function unload(id: string): Promise<void> {
    const entry = entries.get(id);
    if (!entry) return;
    if (entry.live.isRunning()) await entry.live.interrupt();
    await entry.live.log.settled();
    entries.delete(id);
    holds.delete(id);
    await entry.createdToolset()?.close();
  }

  return {
    acquire,
    release,
    /** Runs a callback on the loaded conversation, then drops it again if nothing holds it. */
    async with<T>(id: string, use: (live: LiveConversation) => T | Promise<T>): Promise<T> {
      const live = await acquire(id);
      try {
        return await use(live);
      } finally {
        release(id);
      }
    },
    /** Appends the system prompt if the active branch has none (at create time, so it comes first). The caller acquires and releases. */
    async prepareSystemPrompt(id: string): Promise<void> {
      const entry = entries.get(id);
      if (!entry) throw new Error(`prepareSystemPrompt: conversation ${id} is not acquired`);
      await entry.prepare();
    },
    /**
     * The conversation's MCP servers once each is listed or failed: loads it (starting its servers)
     * when it is not loaded, and drops it again if nothing else holds it.
     */
    async mcpStatus(id: string): Promise<MCPServerStatus[]> {
      await acquire(id);
      try {
        const toolset = (entries.get(id) as Entry).toolset();
        await toolset.ready?.();
        return toolset.mcpStatus?.() ?? [];
      } finally {
        release(id);
      }
    },
    /**
     * Closes the conversation's tools so the next use starts them from the settings and its
     * `mcp_config` as they are now. Throws conversation_already_running while a run goes.
     */
    async restartTools(id: string): Promise<void> {
      const entry = entries.get(id);
      if (!entry) return;
      if (entry.live.isRunning())
        throw new RuntimeError(
          'conversation_already_running',
          "MCP servers can't be changed while the agent is running. Pause it or wait until it stops.",
        );
      const toolset = entry.createdToolset();
      entry.forgetToolset();
      await toolset?.close();
    },
    loaded(id: string): LiveConversation | undefined {
      return entries.get(id)?.live;
    },
    /**
     * Holds the conversation loaded (its tools with it) until `release`, and answers its sandbox.
     * Throws conversation_not_found.
     */
    async holdSandbox(id: string): Promise<{ sandbox: ConversationSandbox | undefined; release(): void }> {
      await acquire(id);
      let released = false;
      return {
        sandbox: (entries.get(id) as Entry).toolset().sandbox,
        release: () => {
          if (released) return;
          released = true;
          release(id);
        },
      };
    },
    /** The sandbox of a loaded conversation whose tools exist; never loads one. */
    loadedSandbox(id: string): ConversationSandbox | undefined {
      return entries.get(id)?.createdToolset()?.sandbox;
    },
    /** Stops what runs and closes every toolset (shutdown). */
    unload,
    /**
     * Deletes a conversation: from now on it is not found (a message or socket arriving while its run
     * stops and its terminal closes must not load it again), then unloads it and removes its data.
     */
    async remove(id: string, removeData: () => Promise<void>): Promise<void> {
      if (deleting.has(id)) throw new RuntimeError('conversation_not_found');
      deleting.add(id);
      skillsOf.delete(id);
      toldNotices.delete(id);
      const entry = entries.get(id);
      try {
        await unload(id);
        await removeData();
        entry?.live.log.end();
      } finally {
        deleting.delete(id);
      }
    },
    ids: () => [...entries.keys()],
  };
}

export type ConversationRegistry = ReturnType<typeof createConversationRegistry>;

/** `<data-dir>/observations/<conversation id without dashes>/` */
export function observationsDir(dataDir: string, conversationId: string): string {
  return join(dataDir, 'observations', conversationId.replaceAll('-', ''));
}
