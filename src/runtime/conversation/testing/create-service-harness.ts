import type { RuntimeLogger } from '../../logging/runtime-logger';
import type { ConversationAgent } from '../conversation-agent';
import type { AppendFeed } from '../../store/pg-append-feed';
import type { ConversationLeases } from '../conversation-leases';
import { mkdtemp, rm } from 'node:fs/promises';
import { DEFAULT_SANDBOX_SETTINGS } from '../../sandbox/sandbox-settings';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestToolset, type TestToolset } from '../../agent/testing/create-test-toolset';
import {
  type Action,
  type ApprovalRule,
  type ConfirmationPolicy,
  DEFAULT_SECURITY_ANALYZER,
  type Event,
  type ExecutionStatus,
  type HookConfig,
  type SecurityAnalyzer,
} from '../../events';
import type { LLMConfig } from '../../llm/llm-config';
import type { ToolsetRequest } from '../conversation-service-deps';
import type { MCPServers } from '../../mcp/mcp-server-config';
import { createCheckpointStore } from '../../checkpoints/create-checkpoint-store';
import type { CheckpointStore } from '../../checkpoints/checkpoint-store';
import type { LLM } from '../../llm/llm';
import { workspaceConfinement } from '../../sandbox/workspace-confinement';
import type { CheckpointStoreRequest } from '../conversation-checkpoints';
import type { LLMScript } from '../../llm/llm-script';
import { createScriptedLLM, type ScriptedLLM } from '../../llm/scripted-llm';
import type { EventStore } from '../../store/event-store';
import { createInMemoryEventStore } from '../../store/in-memory-event-store';
import type { Toolset } from '../../tools/tool';
import type { ConversationService } from '../conversation-service';
import { type ConversationServiceOptions, createConversationService } from '../create-conversation-service';
import { CreateConversationSchema, type CreateConversation } from '../requests';

export interface HarnessOptions {
  script?: LLMScript;
  store?: EventStore;
  /** Default NeverConfirm, so tests opt into confirmation. */
  confirmationPolicy?: ConfirmationPolicy;
  securityAnalyzer?: SecurityAnalyzer;
  /** null: no model configured. */
  llm?: LLMConfig | null;
  createToolset?: (options: ToolsetRequest) => Toolset;
  /** The global MCP servers settings hold. */
  mcpServers?: MCPServers;
  service?: ConversationServiceOptions;
  dataDir?: string;
  /** The global approval rules settings start with; answers with scope `always` add to them. */
  approvalRules?: ApprovalRule[];
  /** Real checkpoint stores (shadow repositories in the data dir, git in the sandbox) and branch folders. */
  checkpoints?: boolean;
  /** Wraps each real checkpoint store (to count or order its snapshots). */
  wrapCheckpointStore?: (store: CheckpointStore) => CheckpointStore;
  /** Wraps the scripted model as the service sees it (to act while the model "thinks"). */
  wrapLLM?: (llm: LLM) => LLM;
  /** The workspace folder (default: a new temp folder, removed by close). */
  workspace?: string;
  /** Where the service reports what went wrong behind a person's back (default: stderr). */
  logger?: RuntimeLogger;
  /** A database shared with other runtimes: this runtime's leases and the feed of everyone's commits. */
  leases?: ConversationLeases;
  appendFeed?: AppendFeed;
  /** Global hooks in settings; hooks then run in real bubblewrap (the workspace sandbox). */
  hooks?: HookConfig;
  /** Settings' `max_concurrent_runs` (default: absent, twice the cores and at least eight). */
  maxConcurrentRuns?: number;
  /** Settings' `memory_workspaces`: `true` turns memory on for the harness's workspace. */
  memory?: boolean;
}

let harnessCount = 0;

/**
 * Sequential UUIDs and a clock that advances one millisecond per reading: reproducible logs.
 * `namespace` keeps the ids of two services sharing one store apart.
 */
export function deterministicPorts(namespace = 0) {
  let counter = 0;
  let time = Date.parse('2025-01-01T00:00:00.000Z');
  const group = (0x8000 + namespace).toString(16);
  return {
    ids: () => `00000000-0000-4000-${group}-${(++counter).toString(16).padStart(12, '0')}`,
    clock: () => new Date(time++),
  };
}

/** A conversation service on the in-memory store, the scripted model and the test toolset. */
export async function createServiceHarness(options: HarnessOptions = {}) {
  const workspace = options.workspace ?? (await mkdtemp(join(tmpdir(), 'loop-workspace-')));
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'loop-data-')));
  const llm: ScriptedLLM = createScriptedLLM(options.script ?? { turns: [] });
  const toolsets: TestToolset[] = [];
  const llmConfigs: LLMConfig[] = [];
  // A harness on a store given by the caller may share it with another: keep their ids apart.
  const ports = deterministicPorts(options.store ? ++harnessCount : 0);
  const store = options.store ?? createInMemoryEventStore({ clock: ports.clock });
  const llmSetting =
    options.llm === undefined
      ? { provider: 'openai-compatible' as const, model: 'scripted-model' }
      : options.llm;
  const globalRules: ApprovalRule[] = [...(options.approvalRules ?? [])];
  const confinement = () => workspaceConfinement({ dataDir, sandboxSettings: DEFAULT_SANDBOX_SETTINGS });
  /** Workspace folder (real path) -> SHA-256 of the hooks file accepted there, as settings hold it. */
  const acceptedWorkspaceHooks: Record<string, string> = {};
  const service: ConversationService = createConversationService(
    {
      store,
      dataDir,
      defaultWorkspace: workspace,
      settings: () => ({
        llm: llmSetting,
        confirmation_policy: options.confirmationPolicy ?? { kind: 'NeverConfirm' },
        security_analyzer: options.securityAnalyzer ?? DEFAULT_SECURITY_ANALYZER,
        sandbox: DEFAULT_SANDBOX_SETTINGS,
        approval_rules: structuredClone(globalRules),
        mcp_servers: options.mcpServers ?? {},
        ...(options.hooks ? { hooks: options.hooks } : {}),
        accepted_workspace_hooks: { ...acceptedWorkspaceHooks },
        ...(options.maxConcurrentRuns ? { max_concurrent_runs: options.maxConcurrentRuns } : {}),
        ...(options.memory ? { memory_workspaces: [workspace] } : {}),
      }),
      addGlobalApprovalRule: (rule) => {
        globalRules.push(rule);
      },
      createLLM: (config) => {
        llmConfigs.push(config);
        return options.wrapLLM ? options.wrapLLM(llm) : llm;
      },
      createToolset:
        options.createToolset ??
        (() => {
          const toolset = createTestToolset();
          toolsets.push(toolset);
          return toolset;
        }),
      ...(options.checkpoints
        ? {
            createCheckpointStore: (request: CheckpointStoreRequest) => {
              const store = createCheckpointStore({ ...request, confinement: confinement() });
              return options.wrapCheckpointStore ? options.wrapCheckpointStore(store) : store;
            },
            workspaceConfinement: confinement,
          }
        : {}),
      ...(options.hooks ? { workspaceConfinement: confinement } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.leases ? { leases: options.leases } : {}),
      ...(options.appendFeed ? { appendFeed: options.appendFeed } : {}),
      ...ports,
    },
    options.service,
  );

  const harness = {
    service,
    store,
    llm,
    toolsets,
    llmConfigs,
    /** The global approval rules as settings hold them now. */
    globalRules,
    acceptedWorkspaceHooks,
    workspace,
    dataDir,
    /** `agent`: what the upstream edge would make of an `agent` a client sent (its tools, tuning…). */
    async create(request: Partial<CreateConversation> = {}, agent?: ConversationAgent): Promise<string> {
      const { info } = await service.create(CreateConversationSchema.parse(request), agent);
      return info.id;
    },
    /** Sends a user message and runs; settles once the message is recorded. */
    say(id: string, text: string, run = true): Promise<void> {
      return service.sendMessage(id, { role: 'user', content: [{ type: 'text', text }], run });
    },
    /** Every action any of the conversation's toolsets executed (a toolset lives while the conversation is loaded). */
    executed: (): Action[] => toolsets.flatMap((toolset) => toolset.executed),
    events: (id: string): Promise<Event[]> => store.readEvents(id),
    kinds: async (id: string, kind: Event['kind']): Promise<Event[]> =>
      (await store.readEvents(id)).filter((event) => event.kind === kind),
    status: async (id: string): Promise<ExecutionStatus> => (await service.get(id)).execution_status,
    statusHistory: async (id: string): Promise<unknown[]> =>
      (await store.readEvents(id)).flatMap((event) =>
        event.kind === 'ConversationStateUpdateEvent' && event.key === 'execution_status'
          ? [event.value]
          : [],
      ),
    /** Waits until the run has ended (status no longer running), then one more tick. */
    async settled(id: string, timeoutMs = 5_000): Promise<ExecutionStatus> {
      const deadline = Date.now() + timeoutMs;
      while ((await service.get(id)).execution_status === 'running') {
        if (Date.now() > deadline) throw new Error(`conversation ${id} still running after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      return (await service.get(id)).execution_status;
    },
    /** Polls `condition` until it holds (e.g. the step a pause let finish has recorded its answer). */
    async until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error(`condition still false after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    async close(): Promise<void> {
      await service.close();
      if (!options.workspace) await rm(workspace, { recursive: true, force: true });
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export type ServiceHarness = Awaited<ReturnType<typeof createServiceHarness>>;
