import type { Skill } from '../skills/discover-skills';

/** The tools a conversation can be given, by our name. `think` and `finish` are always on. */
export const SERVED_TOOLS = [
  'terminal',
  'file_editor',
  'grep',
  'glob',
  'list_dir',
  'apply_patch',
  'task_tracker',
  'task',
] as const;
export type ServedTool = (typeof SERVED_TOOLS)[number];

/**
 * What a create takes besides its body's own fields: the agent an outside client described (upstream's
 * `agent` or `agent_settings`), in our words. The upstream edge builds it (runtime/upstream/).
 */
export interface ConversationAgent {
  /** The tools the model is offered besides think and finish, in our order; absent: every tool. */
  tools?: ServedTool[];
  /** How many read-only calls of one reply run at once, over the runtime's default. */
  tool_concurrency_limit?: number;
  /** The client's own inline skills, listed and found by invoke_skill. */
  skills?: Skill[];
  /** The model as the client named it (`anthropic/claude-…`), shown back in its words. */
  upstream_model?: string;
  /**
   * The client expects a missing working folder to be made, as upstream's server does; ours refuses
   * one, so a typo in the page makes no folders.
   */
  make_missing_folder?: boolean;
}
