import { sandboxWanted } from '../tools/terminal/shell-launch';
import { join } from 'node:path';
import { othersWorkingIn } from './others-working-in';
import { discoverSkills } from '../skills/discover-skills';
import { randomUUID } from 'node:crypto';
import { type CondenserOptions, DEFAULT_CONDENSER_OPTIONS } from '../context/condenser';
import { budgetPause, pendingActions } from '../../conversation-rules';
import { type ConversationInfo, type Event, NO_BUDGETS } from '../events';
import { createRedactingEventStore } from '../secrets/create-redacting-event-store';
import { createSecretRegistry, type SecretRegistry } from '../secrets/create-secret-registry';
import { runtimeSecrets } from '../secrets/runtime-secrets';
import { mcpSecretValues } from '../mcp/mask-mcp-servers';
import { createSecretSealer } from '../secrets/secret-sealer';
import { createSavedSecrets } from '../secrets/saved-secrets';
import { createConversationMCPConfigs } from './conversation-mcp-configs';
import { secretsNamedIn } from '../secrets/secrets-named-in';
import { completeApprovalRules } from '../security/complete-approval-rules';
import { type ConversationRecord, StoreError } from '../store/event-store';
import { createConversationRegistry } from './conversation-registry';
import { observationsDir } from './observations-dir';
import {
  type BranchFolder,
  createBranchFolder,
  isConversationWorktree,
  removeBranchFolder,
} from './branch-folder';
import { conversationWorktrees } from './conversation-worktrees';
import { createCheckpointOperations } from './checkpoint-operations';
import { createConversationCheckpoints } from './conversation-checkpoints';
import { checkpointAtForkPoint, hasCheckpoints } from './fork-point-checkpoint';
import { forkStateUpdates } from './fork-state-updates';
import type { ConversationMCPServer, ConversationService } from './conversation-service';
import { describeMCPSources } from './describe-mcp-sources';
import type { ConversationServiceDeps } from './conversation-service-deps';
import { DEFAULT_TITLE, forkTitle, titleFromMessage } from './conversation-title';
import { createConversationRecord, requestedLLM } from './create-conversation';
import { exportConversation } from './export-conversation';
import { improveTitle } from './improve-title';
import { recoverInterruptedRun, recoverInterruptedRuns } from './recover-interrupted-runs';
import { subscribeFromStore } from './subscribe-from-store';
import { resolveLLMConfig } from './resolve-llm-config';
import { offeredToolset } from './offered-toolset';
import { createSubAgentRunner, type SubAgentPorts } from './run-sub-agent';
import { subAgentsOf } from './sub-agents-of';
import { withMemoryTool } from '../tools/memory/with-memory-tool';
import { secretValues } from './requests';
import { createStderrLogger } from '../logging/runtime-logger';
import { refuseHiddenMCPPaths } from './refuse-hidden-mcp-paths';
import { RuntimeError } from './runtime-error';
import { toConversationInfo } from './to-conversation-info';
import { createUpstreamOperations } from './upstream-operations';
import { readModelContext } from './read-model-context';
import { createServiceRunQueue } from './service-run-queue';
import { createNativeToolsMemory } from '../llm/text-tools/native-tools-memory';

export interface ConversationServiceOptions {
  condenser?: Partial<CondenserOptions>;
  /** Read-only calls of one reply run at most this many at once (default 1, as upstream's default). */
  toolConcurrencyLimit?: number;
  /** Improve the title taken from the first message with one cheap model call (off in tests that count calls). */
  modelTitles?: boolean;
}

/**
 * The runtime behind the API: conversations loaded lazily, one loop owner each, everything durable
 * in the store before anyone hears of it. Recovers conversations a crash left running on creation.
 */
export function createConversationService(
  deps: ConversationServiceDeps,
  options: ConversationServiceOptions = {},
): ConversationService {
  const secrets = deps.secrets ?? defaultSecretRegistry(deps);
  // Everything below writes through this store, so no known secret is ever stored (and so never
  // published, indexed, exported or shown to the model: those all read what was stored).
  const store = createRedactingEventStore(deps.store, secrets);
  const clock = deps.clock ?? (() => new Date());
  const newId = deps.ids ?? randomUUID;
  const now = () => clock().toISOString();
  const titleCalls = new Set<Promise<void>>();
  const titleAbort = new AbortController();
  const logger = deps.logger ?? createStderrLogger();
  // Read back before anything is written, so a restored config's values are masked from the start.
  const mcpConfigs = createConversationMCPConfigs({
    store: deps.store,
    secrets,
    sealer: createSecretSealer(deps.dataDir),
    logger,
  });

  // Every request waits for the recovery, so none sees a conversation a crash left running; the
  // conversations' own MCP configs are read back first, so their values are masked in what it writes.
  // With leases, each conversation is recovered as its lease is taken (another runtime may be running
  // what the store shows as running).
  const recovered = mcpConfigs.restored
    .then(() => (deps.leases ? undefined : recoverInterruptedRuns(store, { newId, now })))
    .then(() => undefined);
  recovered.catch((error: unknown) => logger.error('interrupted runs not recovered', { error }));
  const checkpoints = createConversationCheckpoints({
    dataDir: deps.dataDir,
    create: deps.createCheckpointStore,
    logger,
  });

  const condenser = { ...DEFAULT_CONDENSER_OPTIONS, ...options.condenser };
  const { queue: runQueue, requeue } = createServiceRunQueue({
    dataDir: deps.dataDir,
    settings: deps.settings,
    now,
    logger,
    shared: deps.leases !== undefined,
    withConversation: (id, use) => registry.with(id, use),
  });
  /** The runs that waited when the runtime stopped ask again, in their order, before any new one. */
  const requeued = recovered.then(requeue);
  const registry = createConversationRegistry({
    secrets,
    deps: {
      ...deps,
      store,
      secrets,
      createToolset: (toolsetOptions) => {
        const id = toolsetOptions.conversationId;
        return offeredToolset(
          withMemoryTool(
            deps.createToolset({
              ...toolsetOptions,
              secretEnv: (command) => secretsNamedIn(command, secrets.commandSecrets(id)),
            }),
            (deps.settings().memory_workspaces ?? []).includes(toolsetOptions.workspaceDir),
          ),
          registry.loaded(id)?.log.record(),
          (parentTools) => createSubAgentRunner(subAgentPorts, id, parentTools),
        );
      },
    },
    newId,
    clock,
    condenser,
    toolConcurrencyLimit: options.toolConcurrencyLimit ?? 1,
    runSlots: runQueue,
    nativeTools: createNativeToolsMemory(),
    mcpConfigs,
    onFirstUserMessage: titleConversation,
    checkpoints,
    logger,
    ...(deps.leases
      ? {
          leases: deps.leases,
          recover: async (id: string) => {
            await mcpConfigs.restored;
            // Stored by whichever runtime created it, maybe after this one started.
            await mcpConfigs.refresh(id);
            await recoverInterruptedRun(store, id, { newId, now });
          },
        }
      : {}),
  });
  const subAgentPorts: SubAgentPorts = {
    store,
    registry,
    async inherit(parentId, childId) {
      // A sub-agent works beside its parent, in its folder: the parent's checkpoints stay the parent's.
      await registry.resourcesOf(parentId).fork(registry.resourcesOf(childId), { checkpoints: false });
    },
    newId,
    now,
    logger,
  };
  const checkpointOperations = createCheckpointOperations({
    registry,
    checkpoints,
    secrets,
    requireRecord,
    branchOf,
    allEvents: (id) => store.readEvents(id),
    newId,
    now,
  });

  /**
   * Titles the conversation from its first message, in the background (tracked for close). Decided
   * on the loaded conversation's row as the log holds it, so the title model call starts at once,
   * before the run's first model call.
   */
  function titleConversation(id: string, rawText: string): void {
    // The message was stored redacted; the title and the title model call must not see more.
    const text = secrets.redact(rawText, id);
    const record = registry.loaded(id)?.log.record();
    const title = titleFromMessage(text);
    if (!record || !title || record.title_source !== 'auto' || record.title !== DEFAULT_TITLE) return;
    const stored = store
      .updateConversation(id, { title }, { touch: false })
      .then(() => registry.loaded(id)?.log.refresh());
    const config = options.modelTitles
      ? resolveLLMConfig(record, deps.settings(), registry.resourcesOf(id).apiKey)
      : null;
    const improved = config
      ? improveTitle(store, id, text, deps.createLLM(config), {
          signal: titleAbort.signal,
          redact: (answer) => secrets.redact(answer, id),
          logger,
          replaces: title,
          stored,
        }).then(() => registry.loaded(id)?.log.refresh())
      : undefined;
    const call = Promise.all([stored, improved])
      .then(() => undefined)
      .catch((error: unknown) => logger.warn('title not set', { conversation_id: id, error }))
      .finally(() => titleCalls.delete(call));
    titleCalls.add(call);
  }

  async function requireRecord(id: string): Promise<ConversationRecord> {
    await recovered;
    const record = await store.getConversation(id);
    if (!record) throw new RuntimeError('conversation_not_found');
    return record;
  }

  async function branchOf(id: string): Promise<readonly Event[]> {
    return registry.loaded(id)?.log.branch() ?? (await store.activeBranch(id));
  }

  /** The info with the ids of the conversation's sub-agents (one more read: single answers only). */
  async function infoWithChildren(record: ConversationRecord): Promise<ConversationInfo> {
    const children = await subAgentsOf(store, record.id);
    return { ...(await info(record)), sub_conversation_ids: children.map((child) => child.id) };
  }

  /** Pauses a conversation, then its sub-agents that may still be running, and theirs. */
  async function pauseWithSubAgents(id: string): Promise<void> {
    await registry.with(id, (live) => live.pause());
    for (const child of await subAgentsOf(store, id))
      if (child.execution_status === 'running' || child.execution_status === 'idle')
        await pauseWithSubAgents(child.id);
  }

  async function info(record: ConversationRecord): Promise<ConversationInfo> {
    // Idle and finished conversations have nothing pending; skip reading their branch.
    const mayHavePending = record.execution_status !== 'idle' && record.execution_status !== 'finished';
    const branch = mayHavePending ? await branchOf(record.id) : [];
    const pending = pendingActions(branch).map((action) => action.id);
    const settingsLLM = deps.settings().llm;
    return toConversationInfo(
      record,
      pending,
      settingsLLM
        ? {
            provider: settingsLLM.provider,
            model: settingsLLM.model,
            ...(settingsLLM.base_url ? { base_url: settingsLLM.base_url } : {}),
          }
        : null,
      observationsDir(deps.dataDir, record.id),
      budgetPause(branch, record.execution_status) ?? null,
      runQueue.position(record.id) ?? null,
      deps.sandboxKind?.() ?? (sandboxWanted(undefined, process.env) ? 'bubblewrap' : 'none'),
    );
  }

  async function mapStoreErrors<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof StoreError && error.code === 'unknown_conversation')
        throw new RuntimeError('conversation_not_found');
      if (
        error instanceof StoreError &&
        (error.code === 'unknown_event' || error.code === 'unknown_parent')
      ) {
        throw new RuntimeError('event_not_found');
      }
      throw error;
    }
  }

  /** The fork's own folder with the files as they were at the fork point. */
  async function makeBranchFolder(
    source: ConversationRecord,
    forkId: string,
    events: readonly Event[],
    forkPoint: string | null,
  ): Promise<BranchFolder> {
    const sourceStore = checkpoints.of(source.id, source.workspace_dir);
    if (!sourceStore || !deps.workspaceConfinement) throw new RuntimeError('checkpoints_unavailable');
    try {
      const checkpoint = checkpointAtForkPoint(events, forkPoint) ?? (await sourceStore.snapshot()).id;
      return await createBranchFolder({
        confinement: deps.workspaceConfinement(),
        sourceWorkspace: source.workspace_dir,
        forkId,
        materialize: (target) => sourceStore.materialize(checkpoint, target),
      });
    } catch (error) {
      logger.error(`branch folder for ${forkId} not made`, { conversation_id: source.id, error });
      throw new RuntimeError(
        'branch_folder_failed',
        `The branch folder could not be made: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async function mcpStatusOf(id: string): Promise<ConversationMCPServer[]> {
    await recovered;
    const servers = await registry.mcpStatus(id);
    return describeMCPSources(servers, mcpConfigs.get(id));
  }

  const service: ConversationService = {
    async create(request) {
      await recovered;
      const id = request.conversation_id ?? newId();
      // Before anything is made: a server that would show the data dir or credentials is refused at once.
      refuseHiddenMCPPaths(request.mcp_config ?? request.agent?.mcp_config, deps.workspaceConfinement);
      const { record, created } = await createConversationRecord(store, request, {
        id,
        createdAt: now(),
        defaultWorkspace: deps.defaultWorkspace,
        settings: deps.settings(),
        dataDir: deps.dataDir,
        ...(deps.workspaceConfinement
          ? { worktree: conversationWorktrees(deps.workspaceConfinement, id, logger) }
          : {}),
      });
      if (!created) return { info: await info(record), created: false };
      // Ours (`llm.api_key`) or upstream's (`agent.llm.api_key`): held alike, in memory only.
      const apiKey = requestedLLM(request)?.api_key;
      if (apiKey) {
        registry.resourcesOf(id).apiKey = apiKey;
        // A name no command can spell as `$NAME`: the model's key is masked, never handed to the terminal.
        secrets.setConversationSecrets(id, { 'llm-api-key': apiKey });
      }
      // Before the first message, so a secret in it is already masked when it is stored.
      if (request.secrets) secrets.setConversationSecrets(id, secretValues(request.secrets));
      const mcpConfig = request.mcp_config ?? request.agent?.mcp_config ?? request.agent_settings?.mcp_config;
      if (mcpConfig) await mcpConfigs.set(id, mcpConfig);
      const live = await registry.acquire(id);
      try {
        await registry.prepareSystemPrompt(id).catch((error: unknown) => {
          // The run prepares it again and reports a failure there, where the person sees it.
          logger.warn('system prompt not prepared at creation', { conversation_id: id, error });
        });
        if (request.initial_message) await live.sendMessage(request.initial_message);
      } finally {
        registry.release(id);
      }
      return { info: await info(await requireRecord(id)), created: true };
    },
    get: async (id) => infoWithChildren(await requireRecord(id)),
    mcpStatus: (id) => mcpStatusOf(id),
    holdSandbox: (id) => registry.holdSandbox(id),
    loadedSandbox: (id) => registry.loadedSandbox(id),
    async setDisabledGlobalMCPServers(id, names) {
      await requireRecord(id);
      const global = deps.settings().mcp_servers ?? {};
      const unknown = names.filter((name) => !(name in global));
      if (unknown.length > 0)
        throw new RuntimeError(
          'unknown_mcp_server',
          `No MCP server in the settings is named ${unknown.map((name) => `"${name}"`).join(', ')}`,
        );
      const own = mcpConfigs.get(id);
      await mcpConfigs.set(id, { ...own, disabled_global: [...new Set(names)] });
      try {
        await registry.restartTools(id);
      } catch (error) {
        await mcpConfigs.set(id, own ?? {});
        throw error;
      }
      return mcpStatusOf(id);
    },
    skills: async (id) => {
      const record = await requireRecord(id);
      return discoverSkills({
        workspaceDir: record.workspace_dir,
        userSkillsDir: join(deps.dataDir, 'skills'),
        ...(record.skills ? { requestSkills: record.skills } : {}),
      });
    },
    async search(query) {
      await recovered;
      const page = await store.listConversations({
        ...(query.q ? { q: query.q } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.pinned !== undefined ? { pinned: query.pinned } : {}),
        ...(query.tag ? { tags: query.tag } : {}),
        ...(query.page_id ? { page_id: query.page_id } : {}),
        ...(query.include_children ? {} : { parent: null }),
        limit: query.limit,
        sort: query.sort_order,
      });
      const items = [];
      for (const { match, ...record } of page.items)
        items.push({ ...(await info(record)), ...(match ? { match } : {}) });
      return { items, next_page_id: page.next_page_id };
    },
    async count(filter) {
      await recovered;
      return store.countConversations({
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.tag ? { tags: filter.tag } : {}),
        ...(filter.include_children ? {} : { parent: null }),
      });
    },
    workspaces: () => store.workspaceDirs(),
    async update(id, patch) {
      const record = await requireRecord(id);
      if (patch.network_access !== undefined && patch.network_access !== record.network_access) {
        const networkAccess = patch.network_access;
        // A durable state event, so the log says when commands could reach the network, and who looks sees it.
        await registry.with(id, (live) =>
          live.log.setState('network_access', networkAccess, { network_access: networkAccess }),
        );
      }
      if (patch.approval_rules !== undefined) {
        const rules = completeApprovalRules(patch.approval_rules, newId, now);
        // Durable, so the log says which rules decided the approvals that follow.
        await registry.with(id, (live) =>
          live.log.setState('approval_rules', rules, { approval_rules: rules }),
        );
      }
      if (patch.budgets !== undefined) {
        const budgets = { ...(record.budgets ?? NO_BUDGETS), ...patch.budgets };
        // Durable, so the log says which limit a later budget pause measured against.
        await registry.with(id, (live) => live.log.setState('budgets', budgets, { budgets }));
      }
      // Pinning and tagging are filing, not activity: they must not move a conversation up the
      // "recent activity" list. A rename is something the person did to it, so it counts.
      await store.updateConversation(
        id,
        {
          ...(patch.title !== undefined ? { title: patch.title, title_source: 'user' as const } : {}),
          ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
          ...(patch.pinned !== undefined ? { pinned: patch.pinned } : {}),
        },
        { touch: patch.title !== undefined },
      );
      await registry.loaded(id)?.log.refresh();
    },
    async delete(id, options = {}) {
      const record = await requireRecord(id);
      // A worktree made for the conversation at its creation goes with it (its commits stay on its branch).
      const owned = record.branch_folder !== undefined && isConversationWorktree(record.branch_folder);
      const branchFolder =
        (options.deleteFiles || owned) && deps.workspaceConfinement ? record.branch_folder : undefined;
      // Its run first (a task call would go on to its next step once its child is gone), then its
      // sub-agents, each with theirs: they work in its folder, so they go before the folder is checked.
      const live = registry.loaded(id);
      if (live?.isRunning()) await live.interrupt();
      for (const child of await subAgentsOf(store, id)) await service.delete(child.id);
      if (branchFolder !== undefined && (await othersWorkingIn(store, id, branchFolder))) {
        throw new RuntimeError('branch_folder_in_use');
      }
      runQueue.cancel(id);
      await registry.remove(id, async () => {
        // Before the rows: a folder that cannot be deleted safely keeps its conversation, to try again.
        if (branchFolder !== undefined && deps.workspaceConfinement) {
          await removeBranchFolder(deps.workspaceConfinement(), branchFolder, logger);
        }
        await store.deleteConversation(id);
      });
    },
    async run(id) {
      if (checkpointOperations.isRestoring(id)) throw new RuntimeError('conversation_already_running');
      await requeued;
      await registry.with(id, (live) => live.run());
    },
    pause: (id) => pauseWithSubAgents(id),
    async interrupt(id) {
      const live = await registry.acquire(id);
      try {
        await live.interrupt();
      } finally {
        registry.release(id);
      }
    },
    async fork(id, request) {
      const source = await requireRecord(id);
      // What the source's run asked to record is in the store before it is copied.
      await registry.loaded(id)?.log.settled();
      const forkId = request.id ?? newId();
      if (await store.getConversation(forkId)) throw new StoreError('conversation_exists', 'taken');
      const forkPoint = request.from_event_id ?? source.leaf_event_id;
      if (request.from_event_id && !(await store.getEvent(id, request.from_event_id)))
        throw new RuntimeError('event_not_found');
      const events = await store.readEvents(id);
      const files = request.files ?? (checkpoints.enabled && hasCheckpoints(events) ? 'copy' : 'shared');
      const branch = files === 'copy' ? await makeBranchFolder(source, forkId, events, forkPoint) : undefined;
      let forked: ConversationRecord | undefined;
      try {
        forked = await mapStoreErrors(() =>
          store.fork(id, {
            id: forkId,
            ...(request.from_event_id ? { fromEventId: request.from_event_id } : {}),
            title: request.title ?? forkTitle(source.title),
            created_at: now(),
            resetStats: request.reset_metrics,
            ...(branch ? { branch: { workspaceDir: branch.workspaceDir, folder: branch.folder } } : {}),
          }),
        );
        const stateUpdates = forkStateUpdates(await store.readEvents(forkId), forked, { newId, now });
        if (stateUpdates.length > 0) {
          await store.appendMany(forkId, stateUpdates);
          forked = await requireRecord(forkId);
        }
        await registry.resourcesOf(id).fork(registry.resourcesOf(forkId), { checkpoints: true });
      } catch (error) {
        if (branch && deps.workspaceConfinement)
          await removeBranchFolder(deps.workspaceConfinement(), branch.folder, logger).catch(() => undefined);
        // What was copied to it goes with its rows.
        if (forked)
          await registry.remove(forkId, async () => {
            await store.deleteConversation(forkId);
          });
        throw error;
      }
      const record =
        request.title || request.tags
          ? await store.updateConversation(
              forkId,
              {
                ...(request.title ? { title_source: 'user' as const } : {}),
                ...(request.tags ? { tags: request.tags } : {}),
              },
              { touch: false },
            )
          : forked;
      return info(record);
    },
    navigate(id, eventId) {
      return registry.with(id, async (live) => {
        if (live.isRunning()) throw new RuntimeError('conversation_already_running');
        await live.log.settled();
        await mapStoreErrors(() => store.setLeaf(id, eventId));
        await live.log.reload();
        await live.log.transition({ kind: 'navigated' });
        return info(live.log.record());
      });
    },
    async setConfirmationPolicy(id, policy) {
      await registry.with(id, (live) =>
        live.log.setState('confirmation_policy', policy, { confirmation_policy: policy }),
      );
    },
    async sendMessage(id, message) {
      // A run must not start while a restore writes the workspace: refused before anything is recorded.
      if (message.run && checkpointOperations.isRestoring(id))
        throw new RuntimeError('conversation_already_running');
      if (message.run) await requeued;
      await registry.with(id, async (live) => {
        const clientId = message.client_message_id;
        // The same message sent twice is recorded once; a second send racing the first is refused by
        // the store, which is the same answer.
        if (clientId && (await store.findByClientMessageId(id, clientId))) return;
        await live.sendMessage(message).catch((error: unknown) => {
          if (!(error instanceof StoreError && error.code === 'duplicate_client_message_id')) throw error;
        });
      });
    },
    async respondToConfirmation(id, response) {
      if (checkpointOperations.isRestoring(id)) throw new RuntimeError('conversation_already_running');
      await registry.with(id, (live) => live.respondToConfirmation(response));
    },
    async searchEvents(id, filter, page) {
      await requireRecord(id);
      return mapStoreErrors(() => store.searchEvents(id, filter, page));
    },
    async countEvents(id, filter) {
      await requireRecord(id);
      return store.countEvents(id, filter);
    },
    async getEvent(id, eventId) {
      await requireRecord(id);
      const event = await store.getEvent(id, eventId);
      if (!event) throw new RuntimeError('event_not_found');
      return event;
    },
    async exportConversation(id, format) {
      const record = await requireRecord(id);
      // Redacted again on the way out: events stored before a secret was known, or before this
      // version, must not leave in a file either.
      return exportConversation(
        await info(record),
        await store.activeBranch(id),
        format,
        (value) => secrets.redactDeep(value, id),
        await store.findCorruptRows(id),
      );
    },
    async setSecrets(id, values) {
      await requireRecord(id);
      secrets.setConversationSecrets(id, values);
    },
    async readEvents(id, range) {
      await requireRecord(id);
      return store.readEvents(id, range);
    },
    async subscribe(id, listener) {
      let live: Awaited<ReturnType<typeof registry.acquire>>;
      try {
        live = await registry.acquire(id);
      } catch (error) {
        // Run by another runtime: follow what it commits, through the shared database.
        if (!(error instanceof RuntimeError && error.code === 'conversation_elsewhere') || !deps.appendFeed)
          throw error;
        return subscribeFromStore(id, listener, {
          store,
          feed: deps.appendFeed,
          info: infoWithChildren,
          requireRecord,
        });
      }
      // One synchronous step: attach, then read where "now" is (see ConversationService.subscribe).
      const unsubscribe = live.log.subscribe(listener);
      const throughSeq = live.log.publishedSeq();
      const record = live.log.record();
      return {
        state: await infoWithChildren(record),
        throughSeq,
        ended: live.log.ended,
        unsubscribe() {
          unsubscribe();
          registry.release(id);
        },
      };
    },
    ...createUpstreamOperations({ deps, store, registry, secrets, requireRecord }),
    modelContext: (id) =>
      readModelContext(
        {
          requireRecord,
          branchOf,
          settings: deps.settings,
          secrets,
          contextWindows: condenser.contextWindows,
        },
        id,
      ),
    ...checkpointOperations,
    async ownerOf(id) {
      const leases = deps.leases;
      if (!leases) {
        await requireRecord(id);
        return undefined;
      }
      try {
        // Loading takes the lease (and recovers what a gone runtime left) exactly as a request would.
        await registry.with(id, () => undefined);
        return leases.url();
      } catch (error) {
        if (!(error instanceof RuntimeError && error.code === 'conversation_elsewhere')) throw error;
        const claim = await leases.claim(id);
        if (claim.kind === 'unknown') throw new RuntimeError('conversation_not_found');
        return claim.kind === 'elsewhere' ? claim.ownerUrl : leases.url();
      }
    },
    async startLeases(url) {
      await deps.leases?.start(url, {
        lost: (id) => registry.unload(id),
        // Loading recovers it (see the registry), once, whoever asks first.
        adopted: (id) => registry.with(id, () => undefined),
      });
    },
    async close() {
      titleAbort.abort();
      runQueue.close();
      // A run that cannot record its end (its lease taken, the database gone) must not stop the others'.
      const unloaded = await Promise.allSettled(registry.ids().map((id) => registry.unload(id)));
      for (const result of unloaded)
        if (result.status === 'rejected')
          logger.warn('a conversation did not stop cleanly', { error: result.reason });
      await Promise.allSettled([...titleCalls]);
      await checkpoints.releaseAll();
      await deps.leases?.close();
      await deps.appendFeed?.close();
    },
  };
  return service;
}

/** The runtime-wide secrets as far as the deps know them: the settings' API key, the env keys, the session key. */
function defaultSecretRegistry(deps: ConversationServiceDeps): SecretRegistry {
  const saved = createSavedSecrets(deps.dataDir);
  return createSecretRegistry(
    () => [
      ...runtimeSecrets({
        settingsKeys: [deps.settings().llm?.api_key],
        env: process.env,
        sessionKey: deps.sessionKey,
      }),
      ...mcpSecretValues(deps.settings().mcp_servers ?? {}),
    ],
    () => saved.values(),
  );
}
