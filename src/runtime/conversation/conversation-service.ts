import type { MCPServerStatus } from '../mcp/start-mcp-servers';

/**
 * One MCP server of a conversation: `settings` (global) or `conversation` (its own `mcp_config`).
 * `disabled_by` (only when disabled): off in the settings, or by this conversation.
 */
export type ConversationMCPServer = MCPServerStatus & {
  source: 'settings' | 'conversation';
  disabled_by?: 'settings' | 'conversation';
};
import type { Skill } from '../skills/discover-skills';
import type { ConversationSandbox } from '../tools/conversation-sandbox';
import type {
  ConfirmationPolicy,
  ConversationInfo,
  Event,
  ExecutionStatus,
  ModelContext,
  SecurityAnalyzer,
} from '../events';
import type { ConversationSort, EventFilter, Page, SeqRange } from '../store/event-store';
import type { CheckpointOperations } from './checkpoint-operations';
import type { LiveFrameListener } from '../agent/live-frame';
import type { ConversationAgent } from './conversation-agent';
import type {
  CreateConversation,
  Fork,
  LLMConfigInput,
  RespondToConfirmation,
  SendMessage,
  UpdateConversation,
} from './requests';

/**
 * Everything the server may ask of the runtime, in our own shapes only: upstream's (its `agent`, its
 * LLM objects and analyzer kinds) are mapped at the edge (runtime/upstream/) before a call. Routes
 * validate their input with the schemas of ./requests (or the edge's) and call exactly one method. Methods throw RuntimeError for expected failures (unknown
 * id → conversation_not_found, …) and nothing else except bugs.
 *
 * Live conversations are loaded lazily from the store and dropped when idle; callers never see that.
 */
export interface ConversationService extends CheckpointOperations {
  /**
   * `created: false` when `conversation_id` already existed (its info is returned unchanged).
   * `agent`: the tools, skills and tuning an outside client chose for its agent, in our words.
   */
  create(
    request: CreateConversation,
    agent?: ConversationAgent,
  ): Promise<{ info: ConversationInfo; created: boolean }>;
  get(id: string): Promise<ConversationInfo>;
  search(query: ConversationSearch): Promise<Page<ConversationSearchItem>>;
  /** `tag`: only conversations carrying every one of these tags. Top-level ones unless `include_children`. */
  count(filter: {
    status?: ExecutionStatus;
    tag?: readonly string[];
    include_children?: boolean;
  }): Promise<number>;
  update(id: string, patch: UpdateConversation): Promise<void>;
  /** Every stored conversation's workspace folder, each once: where agents write, so links may be theirs. */
  workspaces(): Promise<string[]>;
  /**
   * Stops a run first (its sub-agents' with it), deletes its sub-agents' conversations, then removes
   * the conversation's rows, files and checkpoints, never the workspace.
   * `deleteFiles`: also the branch folder it owns (and its worktree registration), if any.
   */
  delete(id: string, options?: { deleteFiles?: boolean }): Promise<void>;

  /** Throws conversation_already_running. */
  run(id: string): Promise<void>;
  /**
   * Upstream's pause: an idle or running conversation is `paused` at once (PauseEvent, durable status)
   * and no new step starts; a step in flight finishes and may still end the run (finished, error,
   * waiting). Other statuses are left as they are. A run asked for while that step finishes starts
   * after it. Its running sub-agents are paused the same way (so the task call waiting on one ends).
   */
  pause(id: string): Promise<void>;
  /** Resolves once the run has stopped and status is paused. */
  interrupt(id: string): Promise<void>;
  /**
   * Copies the branch up to the fork point into a new conversation. With `files: copy` the fork gets
   * its own folder holding the files as they were at the fork point (see createBranchFolder), and a
   * copy of the source's checkpoints, so the checkpoints on the copied events stay restorable.
   * Throws checkpoints_unavailable (copy without checkpoints), branch_folder_failed.
   */
  fork(id: string, request: Fork): Promise<ConversationInfo>;
  navigate(id: string, eventId: string | null): Promise<ConversationInfo>;
  setConfirmationPolicy(id: string, policy: ConfirmationPolicy): Promise<void>;
  /** Idempotent on client_message_id. Starts a run when `run` is true and none is going. */
  sendMessage(id: string, message: SendMessage): Promise<void>;
  /**
   * Throws stale_confirmation when action_ids is given and differs from the pending set, and
   * pending_actions_changed when decisions name actions that are not pending. With nothing pending,
   * a plain accept or reject changes nothing (as upstream).
   */
  respondToConfirmation(id: string, response: RespondToConfirmation): Promise<void>;

  searchEvents(
    id: string,
    filter: EventFilter,
    page: { page_id?: string; limit: number; order: 'asc' | 'desc' },
  ): Promise<Page<Event>>;
  countEvents(id: string, filter: EventFilter): Promise<number>;
  getEvent(id: string, eventId: string): Promise<Event>;
  /** The active branch, secrets redacted. */
  exportConversation(
    id: string,
    format: 'json' | 'md',
  ): Promise<{ content: string; filename: string; contentType: string }>;

  /**
   * Adds or replaces the conversation's named secrets (memory only: never stored, never returned).
   * From now on they are masked in everything the conversation records and streams, and a terminal
   * command that names one (`$NAME`) receives it as an environment variable. Throws
   * conversation_not_found.
   */
  setSecrets(id: string, secrets: Readonly<Record<string, string>>): Promise<void>;

  /**
   * Upstream's agent_final_response: the message of the latest `finish` call or the text of the latest
   * agent message on the active branch, "" when none. Throws conversation_not_found.
   */
  agentFinalResponse(id: string): Promise<string>;
  /** What the model reads before the history (system prompt, tools) and its window; see readModelContext. */
  modelContext(id: string): Promise<ModelContext>;
  /**
   * Upstream's ask_agent: one model call over the current context plus the question; records nothing,
   * changes no status, works while a run goes. The answer comes back with secrets masked. Throws
   * conversation_not_found, llm_not_configured, llm_call_failed (the detail in plain words).
   */
  askAgent(id: string, question: string): Promise<string>;
  /**
   * Upstream's condense: summarises now and records a CondensationRequest and the Condensation (as the
   * automatic path does); while a run goes, records the request and the run condenses before its next
   * model call; too little history: nothing. Throws conversation_not_found, llm_not_configured,
   * llm_call_failed, conversation_already_running (an interrupt is settling).
   */
  condense(id: string): Promise<void>;
  /**
   * Upstream's switch_llm: the conversation's model from now on (durable, as
   * ConversationStateUpdateEvent `llm`); its key, if given, is held in memory and masked, never stored.
   * `upstreamModel`: the model as an outside client named it, shown back in its words. The model call
   * in flight finishes on the old model. Throws conversation_not_found.
   */
  switchLLM(id: string, llm: LLMConfigInput, options?: { upstreamModel?: string }): Promise<void>;
  /**
   * Upstream's security_analyzer, with one of our analyzers (the edge maps upstream's kinds and null:
   * upstream-security-analyzer.ts), durable as ConversationStateUpdateEvent `security_analyzer`.
   * Throws conversation_not_found.
   */
  setSecurityAnalyzer(id: string, analyzer: SecurityAnalyzer): Promise<void>;

  /** Durable events by seq range (for socket replay, read in pages). */
  /**
   * The skills this conversation can use, read now (confined) from its workspace's skill folders and
   * the person's `<data-dir>/skills`. Throws conversation_not_found.
   */
  skills(id: string): Promise<Skill[]>;
  /**
   * The conversation's MCP servers (global and its own) with their state, failure reason and tools,
   * once each is listed or failed. Loads the conversation when needed. Throws conversation_not_found.
   */
  mcpStatus(id: string): Promise<ConversationMCPServer[]>;
  /**
   * Turns global MCP servers off (those named) or on (the others) for this conversation, restarts its
   * servers and answers their status. Durable, like `mcp_config`. Throws conversation_not_found,
   * unknown_mcp_server for a name no global server has, conversation_already_running while a run goes.
   */
  setDisabledGlobalMCPServers(id: string, names: readonly string[]): Promise<ConversationMCPServer[]>;
  readEvents(id: string, range: SeqRange): Promise<Event[]>;
  /**
   * Keeps the conversation and its tools loaded until `release` (a person's terminal is open) and
   * answers its sandbox (undefined for a toolset without a shell). Throws conversation_not_found.
   */
  holdSandbox(id: string): Promise<{ sandbox: ConversationSandbox | undefined; release(): void }>;
  /** The sandbox of a conversation whose tools run now; never loads or starts anything. */
  loadedSandbox(id: string): ConversationSandbox | undefined;

  /**
   * Attaches a listener for everything that happens from now on and reports where "now" is: the
   * state and `throughSeq`, the last seq published to subscribers. Frames given to the listener all
   * have seq > throughSeq (durable) or belong to items after it. throughSeq is read and the listener
   * attached in one synchronous step, and the conversation's log publishes each event right after its
   * commit, in seq order (see ConversationLog): a socket replays (afterSeq, throughSeq] with
   * readEvents, holding live frames meanwhile, and gets every event exactly once.
   * Throws conversation_not_found.
   */
  subscribe(id: string, listener: LiveFrameListener): Promise<Subscription>;

  /**
   * With a shared database: starts renewing this runtime's leases (it answers at `url`) and adopting
   * conversations a stopped runtime left running. Nothing without leases.
   */
  startLeases?(url: string): Promise<void>;
  /**
   * Which runtime serves the conversation (its URL): the lease holder, or this runtime after it took
   * the free lease. Undefined without leases (this runtime is the only one). Throws conversation_not_found.
   */
  ownerOf?(id: string): Promise<string | undefined>;

  /** Stops every run and closes terminals; the store stays open (its owner closes it). */
  close(): Promise<void>;
}

export interface Subscription {
  /** The state when the listener was attached, and the last committed seq then (-1: empty log). */
  state: ConversationInfo;
  throughSeq: number;
  unsubscribe(): void;
  /** Settles when the conversation is deleted while subscribed (a socket then closes 4004). */
  ended?: Promise<void>;
}

export interface ConversationSearch {
  q?: string;
  status?: ExecutionStatus;
  pinned?: boolean;
  /** Only conversations carrying every one of these tags. */
  tag?: readonly string[];
  page_id?: string;
  limit: number;
  sort_order: ConversationSort;
  /** Sub-agents' conversations too (upstream's `include_sub_conversations`); default: top-level only. */
  include_children?: boolean;
}

export interface ConversationSearchItem extends ConversationInfo {
  /** With `q`: the best hit, to open the conversation at that event. */
  match?: { event_id: string | null; seq: number | null; snippet: string };
}
