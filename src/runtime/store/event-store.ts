import type { ConversationSandbox } from '../sandbox/sandbox-kind';
import type { Skill } from '../skills/discover-skills';
import type { HookConfig } from '../events/hook-config';
import type {
  ApprovalRule,
  Budgets,
  ClientToolSpec,
  ConfirmationPolicy,
  Event,
  EventKind,
  ExecutionStatus,
  LLMPublicConfig,
  NewEvent,
  SecurityAnalyzer,
  Source,
  Stats,
} from '../events';

/**
 * The durable home of conversations and their event logs. Implementations: SqliteEventStore (the real
 * one, on disk) and InMemoryEventStore (its twin for fast tests); both pass the same contract tests.
 *
 * The interface is asynchronous so that a database server (PgEventStore) can sit behind it; the SQLite
 * store answers from better-sqlite3's synchronous calls. Every promise settles only after the work is
 * committed. Callers that need per-conversation ordering (append, then publish with its seq) serialise
 * their own writes (see ConversationLog): two calls in flight at once are not ordered by the store.
 *
 * Every method either completes fully or throws a StoreError and changes nothing. Returned objects are
 * fresh copies: callers may keep them; mutating them changes nothing stored.
 */
export interface EventStore {
  /** Throws StoreError `conversation_exists` when the id is taken. */
  createConversation(input: NewConversationRecord): Promise<ConversationRecord>;
  getConversation(id: string): Promise<ConversationRecord | undefined>;
  /** Changes the mutable state or meta. Bumps `updated_at` unless `touch: false`. Throws `unknown_conversation`. */
  updateConversation(
    id: string,
    patch: ConversationPatch,
    options?: { touch?: boolean },
  ): Promise<ConversationRecord>;
  /** Lists conversations; with `q`, full-text search over titles and message text, best match first. */
  listConversations(query: ConversationQuery): Promise<Page<ConversationListItem>>;
  countConversations(filter: ConversationFilter): Promise<number>;
  /** Every distinct workspace folder of a stored conversation, in no particular order. */
  workspaceDirs(): Promise<string[]>;
  /** Removes the conversation, its events and its search rows in one transaction. False when unknown. */
  deleteConversation(id: string): Promise<boolean>;

  /**
   * Appends one event in one durable transaction (committed before this returns) and returns it with
   * its `seq` and `parent_id`. The parent is `event.parent_id` when given (null: a root), else the
   * current leaf. The leaf moves to the new event unless it is a ConversationStateUpdateEvent.
   * `last_seq` and `updated_at` advance; message text is indexed for search.
   * Throws StoreError `unknown_conversation`, `duplicate_event_id`, `unknown_parent`, `invalid_event`,
   * `duplicate_client_message_id`, or `io` (disk full, read-only…): in every case nothing was written.
   */
  append(conversationId: string, event: NewEvent): Promise<Event>;
  /** Several events in one transaction, in order; the same rules as append for each. */
  appendMany(conversationId: string, events: readonly NewEvent[]): Promise<Event[]>;

  /** Events by seq, ascending unless `order: 'desc'`. Corrupt rows are skipped and reported to `onCorruptRow`. */
  readEvents(conversationId: string, range?: SeqRange): Promise<Event[]>;
  getEvent(conversationId: string, eventId: string): Promise<Event | undefined>;
  findByClientMessageId(conversationId: string, clientMessageId: string): Promise<Event | undefined>;
  searchEvents(conversationId: string, filter: EventFilter, page: PageRequest): Promise<Page<Event>>;
  countEvents(conversationId: string, filter: EventFilter): Promise<number>;

  /** The path from the root to the leaf, root first. Empty when the leaf is null. */
  activeBranch(conversationId: string): Promise<Event[]>;
  /** Moves the leaf (navigate). Throws `unknown_event` when the id is not in this conversation. */
  setLeaf(conversationId: string, eventId: string | null): Promise<ConversationRecord>;
  /**
   * Copies the root→`fromEventId` path (or, without it, the whole log) into a new conversation in one
   * transaction, keeping ids and parents and renumbering seq from 0. The source is untouched.
   * Throws `unknown_conversation`, `unknown_event`, `conversation_exists`.
   */
  fork(sourceId: string, options: ForkOptions): Promise<ConversationRecord>;

  /**
   * Rows of this conversation that no longer parse (corrupt JSON, an unknown kind, a failed schema
   * check). Reads skip them; an export lists them from here so nothing disappears silently. Seq order.
   */
  findCorruptRows(conversationId: string): Promise<CorruptRow[]>;

  /** Rebuilds the full-text index from the log; returns the number of rows indexed. */
  rebuildSearchIndex(): Promise<number>;

  /**
   * Keeps (or with null forgets) a conversation's own MCP configuration: opaque text the caller made
   * safe to store (no secret in it). Deleted with the conversation. Throws `unknown_conversation`.
   */
  saveMCPConfig(conversationId: string, config: string | null): Promise<void>;
  /** Every kept MCP configuration, read once at start. */
  listMCPConfigs(): Promise<Array<{ conversation_id: string; config: string }>>;
  close(): Promise<void>;
}

export type TitleSource = 'auto' | 'model' | 'user';

/** One conversation row: its meta and its small mutable state. Secrets are never stored here. */
export interface ConversationRecord {
  id: string;
  title: string;
  /** Who set the title; an automatic title never overwrites one a person chose. */
  title_source: TitleSource;
  created_at: string;
  updated_at: string;
  workspace_dir: string;
  llm: LLMPublicConfig;
  execution_status: ExecutionStatus;
  confirmation_policy: ConfirmationPolicy;
  security_analyzer: SecurityAnalyzer;
  leaf_event_id: string | null;
  /** -1 when the log is empty. */
  last_seq: number;
  forked_from_conversation_id: string | null;
  forked_from_event_id: string | null;
  max_iterations: number;
  stuck_detection: boolean;
  /** Commands reach the network through the allowlisting proxy; false: no network at all. */
  network_access: boolean;
  /** The conversation's own approval rules, checked before the global ones. */
  approval_rules: ApprovalRule[];
  /** Spending limits (USD) that pause a run; absent in rows written before budgets existed: none. */
  budgets?: Budgets;
  stats: Stats;
  tags: string[];
  pinned: boolean;
  /**
   * The tools offered to the model, by name, when a create request chose them (upstream's
   * `agent.tools`); absent: every tool. `think` and `finish` are always offered.
   */
  tools?: string[];
  /** The tools the front end declared (upstream's `client_tools`), offered beside ours; absent: none. */
  client_tools?: ClientToolSpec[];
  /**
   * How many read-only calls of one reply run at once (upstream's `agent.tool_concurrency_limit`);
   * absent: the runtime's (AGENT_WORKBENCH_TOOL_CONCURRENCY).
   */
  tool_concurrency_limit?: number;
  /** Skills the create request gave (upstream's `agent_context.skills`), as the person's own. */
  skills?: Skill[];
  /** The conversation's own hooks (upstream's `hook_config` on create); absent: none of its own. */
  hook_config?: HookConfig;
  /**
   * The folder this conversation owns (absolute): the branch folder made for it when it was forked
   * with its own copy of the files; its workspace is that folder or a folder inside it. Absent: it
   * works in a folder it does not own.
   */
  branch_folder?: string;
  /**
   * Set on a sub-agent's conversation (one a `task` call made): the conversation and the action that
   * made it, and how deep it is (1: a child of a top-level conversation). Absent: a top-level one.
   */
  parent?: ParentLink;
  /**
   * Where its commands run, fixed when it was made (forks and sub-agents inherit it) and kept across
   * restarts. Absent in rows written before it was stored: bubblewrap, the default then.
   */
  sandbox?: ConversationSandbox;
}

/** Where a sub-agent's conversation comes from. */
export interface ParentLink {
  conversation_id: string;
  /** The parent's `task` ActionEvent that made this conversation. */
  action_id: string;
  depth: number;
}

export type { ConversationSandbox };

export type NewConversationRecord = Omit<ConversationRecord, 'leaf_event_id' | 'last_seq' | 'updated_at'> & {
  updated_at?: string;
};

export type ConversationPatch = Partial<
  Pick<
    ConversationRecord,
    | 'title'
    | 'title_source'
    | 'execution_status'
    | 'confirmation_policy'
    | 'security_analyzer'
    | 'stats'
    | 'tags'
    | 'pinned'
    | 'llm'
    | 'max_iterations'
    | 'network_access'
    | 'approval_rules'
    | 'budgets'
  >
>;

export type ConversationSort = 'CREATED_AT' | 'CREATED_AT_DESC' | 'UPDATED_AT' | 'UPDATED_AT_DESC';

/** Filters shared by listing and counting conversations. */
export interface ConversationFilter {
  status?: ExecutionStatus;
  /** Only conversations carrying every one of these tags (exact strings). */
  tags?: readonly string[];
  /** A conversation id: only its sub-agents; null: only top-level conversations; absent: all. */
  parent?: string | null;
  /** Only conversations whose commands run in this sandbox (a record without one ran in bubblewrap). */
  sandbox?: ConversationSandbox['kind'];
}

export interface ConversationQuery extends ConversationFilter {
  /** Free text; searched as text (FTS syntax characters are quoted, never interpreted). */
  q?: string;
  pinned?: boolean;
  sort?: ConversationSort;
  /** Opaque cursor from a previous page's `next_page_id`. */
  page_id?: string;
  limit: number;
}

/** A list row; with a query, where the best hit is (null when only the title matched). */
export interface ConversationListItem extends ConversationRecord {
  match?: { event_id: string | null; seq: number | null; snippet: string } | undefined;
}

/** A stored event row that could not be read back as an Event. */
export interface CorruptRow {
  conversationId: string;
  seq: number;
  error: string;
}

export interface SeqRange {
  /** Exclusive lower bound. */
  afterSeq?: number;
  /** Exclusive upper bound. */
  beforeSeq?: number;
  limit?: number;
  order?: 'asc' | 'desc';
}

export interface EventFilter {
  kind?: EventKind;
  source?: Source;
  /** Case-insensitive substring over message text. */
  body?: string;
  afterSeq?: number;
  beforeSeq?: number;
  /** Events whose timestamp is at or after this instant (ISO 8601 with a zone). */
  timestampGte?: string;
  /** Events whose timestamp is before this instant (ISO 8601 with a zone). */
  timestampLt?: string;
}

export interface PageRequest {
  page_id?: string;
  limit: number;
  order?: 'asc' | 'desc';
}

export interface Page<T> {
  items: T[];
  next_page_id: string | null;
}

export interface ForkOptions {
  id: string;
  fromEventId?: string;
  title: string;
  created_at: string;
  /** Fresh stats (default) or a copy of the source's. */
  resetStats: boolean;
  /** The fork's own folder (forked with its own copy of the files): its workspace and the folder it owns. */
  branch?: { workspaceDir: string; folder: string };
}

export type StoreErrorCode =
  | 'conversation_exists'
  | 'unknown_conversation'
  | 'unknown_event'
  | 'duplicate_event_id'
  | 'duplicate_client_message_id'
  | 'unknown_parent'
  | 'invalid_event'
  | 'newer_schema'
  | 'invalid_page_id'
  | 'not_owner'
  | 'io';

/** Expected store failures. Anything else thrown from a store is a bug. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
