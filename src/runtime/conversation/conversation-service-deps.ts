import type { ConversationSandbox } from '../sandbox/sandbox-kind';
import type { Skill } from '../skills/discover-skills';
import type { RuntimeLogger } from '../logging/runtime-logger';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { ApprovalRule, ConversationInfo, LLMPublicConfig } from '../events';
import type { LLM } from '../llm/llm';
import type { LLMConfig } from '../llm/llm-config';
import type { MCPServers } from '../mcp/mcp-server-config';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import type { RuntimeSettings } from '../settings/runtime-settings';
import type { ConversationRecord, EventStore } from '../store/event-store';
import type { Toolset } from '../tools/tool';
import type { WorkspaceConfinement } from '../sandbox/workspace-confinement';
import type { AppendFeed } from '../store/pg-append-feed';
import type { CheckpointStoreRequest } from './conversation-checkpoints';
import type { ConversationLeases } from './conversation-leases';

/** What one conversation's tools are made from. */
export interface ToolsetRequest {
  conversationId: string;
  workspaceDir: string;
  /** Where its commands run (its record's sandbox); absent: bubblewrap. */
  sandbox?: ConversationSandbox;
  observationsDir: string;
  /**
   * The saved and the conversation's registered secrets that a command names (`$NAME`, `${NAME}`), to expose to
   * it as environment variables and to nothing else. Values only: never log or store them.
   */
  secretEnv?: (command: string) => Record<string, string>;
  /** Read on every network request: the conversation's network switch. */
  networkEnabled: () => boolean;
  /** The MCP servers to start for it (global ones it keeps plus its own), secrets included. */
  mcpServers?: MCPServers;
  /** Skills its create request gave (upstream's `agent_context.skills`), for invoke_skill. */
  requestSkills?: readonly Skill[];
  /** Records a command line the person ran in their terminal (an event whose source is the user). */
  recordPersonCommand?: (command: string, exitCode: number) => void;
}

/** Everything the conversation service reaches the world through. Tests pass twins. */
export interface ConversationServiceDeps {
  store: EventStore;
  /** `<data-dir>`: cut tool outputs go to `<data-dir>/observations/<conversation-hex>/`. */
  dataDir: string;
  /** Workspace for conversations created without one (the launcher's --workspace). */
  defaultWorkspace: string;
  /** Read on every use, so a settings change applies to the next LLM call without a restart. */
  settings: () => RuntimeSettings;
  /**
   * Persists one more global approval rule (a person approved with scope `always`). Absent: such
   * answers only add a conversation rule. May throw SettingsError when settings.json cannot be written.
   */
  addGlobalApprovalRule?: (rule: ApprovalRule) => void;
  createLLM: (config: LLMConfig) => LLM;
  createToolset: (request: ToolsetRequest) => Toolset;
  /**
   * A conversation's checkpoint store (snapshots of its workspace in a shadow repository under
   * `<data-dir>/checkpoints/`), created on first use. Absent: no checkpoints (steps record none,
   * the checkpoint operations answer checkpoints_unavailable).
   */
  createCheckpointStore?: (request: CheckpointStoreRequest) => CheckpointStore;
  /**
   * How git runs for branch folders (worktree add and prune) and hooks: the workspace sandbox's rules
   * now, in a conversation's `sandbox` (absent: the runtime's default).
   */
  workspaceConfinement?: (sandbox?: ConversationSandbox) => WorkspaceConfinement;
  /**
   * The session key (the runtime's AGENT_WORKBENCH_SESSION_KEY), masked like an API key wherever it
   * would be stored or shown. Ignored when `secrets` is given.
   */
  sessionKey?: string;
  /**
   * The runtime's secret registry. Default: one built from the settings' API key, the API key env
   * variables (LLM_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY), `sessionKey` and the saved secrets
   * of `<data-dir>/secrets.json`.
   */
  secrets?: SecretRegistry;
  /** Where failures nobody asked about are reported. Default: JSON lines on stderr. */
  logger?: RuntimeLogger;
  /** Injected for reproducible runs; default: real time and random UUIDs. */
  clock?: () => Date;
  ids?: () => string;
  /**
   * A database shared by several runtimes: this runtime's conversation leases. A conversation is
   * loaded (run, appended to) only under its lease; a request for one another runtime holds fails
   * with conversation_elsewhere, and recovery after a crash happens per conversation as its lease is
   * taken, not for the whole database at start. Absent: this runtime is the only one (SQLite).
   */
  leases?: ConversationLeases;
  /** Announces commits by any runtime: a socket here follows a conversation another runtime runs. */
  appendFeed?: AppendFeed;
  /**
   * Adds another contract's fields to every ConversationInfo the service answers, from the row and the
   * model the info shows (the runtime passes the upstream edge's: `agent` and `stats.usage_to_metrics`,
   * runtime/upstream/upstream-info.ts). Absent: the answers carry our own fields only.
   */
  decorateInfo?: InfoDecorator;
}

export type InfoDecorator = (
  info: ConversationInfo,
  record: ConversationRecord,
  shownLLM: LLMPublicConfig,
) => ConversationInfo;
