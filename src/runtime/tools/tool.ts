import type { Action, Observation, ToolSpec } from '../events';
import type { MCPServerStatus } from './mcp-server-status';
import type { ConversationSandbox } from './conversation-sandbox';

/** What a tool needs from its surroundings. */
export interface ToolContext {
  conversationId: string;
  /** Absolute path; writes outside it are refused. */
  workspaceDir: string;
  /** Where cut outputs are saved: `<data-dir>/observations/<conversation-hex>/`. */
  observationsDir: string;
  /**
   * Absolute directories the file editor may view but never write, besides the workspace: the
   * conversation passes its own `observationsDir`, so the model can open the cut outputs it is pointed to.
   */
  readOnlyRoots?: string[];
  /** Fires on interrupt: the tool stops at once and returns what it has. */
  signal: AbortSignal;
  /** The ActionEvent being answered (a sub-agent names the `task` call that made it). */
  actionId?: string;
}

export type ParseResult<A> = { ok: true; action: A } | { ok: false; error: string };

/**
 * One tool offered to the model. `execute` never throws for expected failures (missing file, command
 * failed, timeout, abort): it returns an observation with `is_error` and text the model can act on.
 * It throws only for bugs; the agent turns even those into an AgentErrorEvent.
 */
export interface Tool<A extends Action = Action> {
  readonly name: string;
  /** Read-only tools (think, finish, task_tracker) get no security_risk/summary arguments and never wait. */
  readonly readOnly: boolean;
  /** Name, description and JSON Schema of the arguments, as offered to the model. */
  readonly spec: ToolSpec;
  /** Validates already-parsed JSON arguments (without security_risk/summary) into an action. */
  parseArguments(args: Record<string, unknown>): ParseResult<A>;
  execute(action: A, context: ToolContext): Promise<Observation>;
}

/** The tools of one conversation. The terminal is a live process: `close` ends it. */
export interface Toolset {
  readonly tools: readonly Tool[];
  get(name: string): Tool | undefined;
  close(): Promise<void>;
  /** Settles once tools that start slowly (MCP servers) are listed; absent: every tool is there at once. */
  ready?(): Promise<void>;
  /** What a person should hear about the tools (an MCP server skipped and why), each notice once. */
  takeNotices?(): string[];
  /** The MCP servers of this toolset as they are now; absent: it has none. */
  mcpStatus?(): MCPServerStatus[];
  /** The person's terminal and the sandbox's ports; absent: a toolset with no shell (tests). */
  readonly sandbox?: ConversationSandbox;
}
