import { randomUUID } from 'node:crypto';
import { type CondenserOptions, DEFAULT_CONDENSER_OPTIONS } from '../context/condenser';
import { createNativeToolsMemory } from '../llm/text-tools/native-tools-memory';
import { createStderrLogger, type RuntimeLogger } from '../logging/runtime-logger';
import { createRedactingEventStore } from '../secrets/create-redacting-event-store';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import { createSecretSealer } from '../secrets/secret-sealer';
import { secretsNamedIn } from '../secrets/secrets-named-in';
import type { EventStore } from '../store/event-store';
import { withMemoryTool } from '../tools/memory/with-memory-tool';
import { type CheckpointOperations, createCheckpointOperations } from './checkpoint-operations';
import { type ConversationCheckpoints, createConversationCheckpoints } from './conversation-checkpoints';
import { type ConversationInfoReader, createConversationInfoReader } from './conversation-info-reader';
import { type ConversationMCPConfigs, createConversationMCPConfigs } from './conversation-mcp-configs';
import { type ConversationRegistry, createConversationRegistry } from './conversation-registry';
import type { ConversationServiceDeps } from './conversation-service-deps';
import { type ConversationTitler, createConversationTitler } from './conversation-titler';
import { defaultSecretRegistry } from './default-secret-registry';
import { offeredToolset } from './offered-toolset';
import { recoverInterruptedRun, recoverInterruptedRuns } from './recover-interrupted-runs';
import type { RunQueue } from './run-queue';
import { createSubAgentRunner, type SubAgentPorts } from './run-sub-agent';
import { createServiceRunQueue } from './service-run-queue';

export interface ConversationServiceOptions {
  condenser?: Partial<CondenserOptions>;
  /** Read-only calls of one reply run at most this many at once (default 1, as upstream's default). */
  toolConcurrencyLimit?: number;
  /** Improve the title taken from the first message with one cheap model call (off in tests that count calls). */
  modelTitles?: boolean;
}

/** What every use case of the service works with: the runtime-wide parts, built once. */
export interface ServiceContext extends ConversationInfoReader {
  deps: ConversationServiceDeps;
  /** Writes redacting every known secret: no use case writes past it. */
  store: EventStore;
  secrets: SecretRegistry;
  registry: ConversationRegistry;
  mcpConfigs: ConversationMCPConfigs;
  checkpoints: ConversationCheckpoints;
  checkpointOperations: CheckpointOperations;
  runQueue: RunQueue;
  titler: ConversationTitler;
  condenser: CondenserOptions;
  logger: RuntimeLogger;
  newId(): string;
  now(): string;
  /** Settles when the runs a crash left are recovered: every request waits for it. */
  recovered: Promise<void>;
  /** Settles when the runs that waited when the runtime stopped have asked again. */
  requeued: Promise<void>;
}

/**
 * Builds the service's parts. Every request waits for the recovery (`recovered`), so none sees a
 * conversation a crash left running; the conversations' own MCP configs are read back first, so their
 * values are masked in what it writes. With leases, each conversation is recovered as its lease is
 * taken (another runtime may be running what the store shows as running).
 */
export function createServiceContext(
  deps: ConversationServiceDeps,
  options: ConversationServiceOptions,
): ServiceContext {
  const secrets = deps.secrets ?? defaultSecretRegistry(deps);
  // Everything writes through this store, so no known secret is ever stored (and so never
  // published, indexed, exported or shown to the model: those all read what was stored).
  const store = createRedactingEventStore(deps.store, secrets);
  const clock = deps.clock ?? (() => new Date());
  const newId = deps.ids ?? randomUUID;
  const now = () => clock().toISOString();
  const logger = deps.logger ?? createStderrLogger();
  // Read back before anything is written, so a restored config's values are masked from the start.
  const mcpConfigs = createConversationMCPConfigs({
    store: deps.store,
    secrets,
    sealer: createSecretSealer(deps.dataDir),
    logger,
  });
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
  const titler = createConversationTitler({
    deps,
    store,
    secrets,
    registry: () => registry,
    logger,
    modelTitles: options.modelTitles ?? false,
  });
  const registry: ConversationRegistry = createConversationRegistry({
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
    onFirstUserMessage: titler.title,
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
  const reader = createConversationInfoReader({ deps, store, registry, runQueue, recovered });
  const checkpointOperations = createCheckpointOperations({
    registry,
    checkpoints,
    secrets,
    requireRecord: reader.requireRecord,
    branchOf: reader.branchOf,
    allEvents: (id) => store.readEvents(id),
    newId,
    now,
  });
  return {
    ...reader,
    deps,
    store,
    secrets,
    registry,
    mcpConfigs,
    checkpoints,
    checkpointOperations,
    runQueue,
    titler,
    condenser,
    logger,
    newId,
    now,
    recovered,
    // The runs that waited when the runtime stopped ask again, in their order, before any new one.
    requeued: recovered.then(requeue),
  };
}
