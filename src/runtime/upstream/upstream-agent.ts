import { z } from 'zod';
import { SERVED_TOOLS, type ServedTool } from '../conversation/conversation-agent';
import { fromUpstreamLLM, UpstreamLLMSchema } from './upstream-llm';
import { MCPConfigSchema } from '../mcp/mcp-server-config';
import { RequestSkillsSchema } from './request-skills';

/**
 * Upstream names a tool by its class (`TerminalTool`) or by its registered name (`terminal`, the class
 * name in snake case without `_tool`); older agents said `execute_bash` / `str_replace_editor`.
 */
const TOOL_ALIASES: Readonly<Record<string, ServedTool | 'always'>> = {
  terminal: 'terminal',
  terminaltool: 'terminal',
  bash: 'terminal',
  bashtool: 'terminal',
  execute_bash: 'terminal',
  file_editor: 'file_editor',
  fileeditortool: 'file_editor',
  str_replace_editor: 'file_editor',
  grep: 'grep',
  greptool: 'grep',
  glob: 'glob',
  globtool: 'glob',
  list_dir: 'list_dir',
  listdirtool: 'list_dir',
  apply_patch: 'apply_patch',
  applypatchtool: 'apply_patch',
  task_tracker: 'task_tracker',
  tasktrackertool: 'task_tracker',
  task: 'task',
  tasktool: 'task',
  tasktoolset: 'task',
  think: 'always',
  thinktool: 'always',
  finish: 'always',
  finishtool: 'always',
};

/** Our tool for an upstream tool name; 'always' for think/finish; undefined when we cannot serve it. */
export function servedToolFor(name: string): ServedTool | 'always' | undefined {
  return TOOL_ALIASES[name.toLowerCase()];
}

const AVAILABLE_TOOLS =
  'terminal (TerminalTool), file_editor (FileEditorTool), grep (GrepTool), glob (GlobTool), list_dir, apply_patch (ApplyPatchTool), task_tracker (TaskTrackerTool), task (TaskToolSet); think and finish are always on';

/**
 * Upstream's `Agent` as its clients send it in a create request. We read `llm` (the model) and
 * `tools` (checked: a tool we cannot serve is refused, naming it) and `mcp_config` (its MCP servers). Fields whose silent loss would
 * change what the agent does are refused: a custom system prompt, a critic, message
 * suffixes in `agent_context`, an ACP agent. `agent_context.skills` become the conversation's skills
 * (request-skills.ts). Tuning and presentation fields (condenser,
 * `system_prompt_filename`, `include_default_tools`, `filter_tools_regex`, …) are accepted and
 * ignored: this runtime has its own prompt and condenser. `tool_concurrency_limit` is kept: how many
 * read-only calls of one reply run at once for this conversation.
 */
/** Upstream's tool list: each tool by name with its own parameters (kept, not read). */
export const UpstreamToolsSchema = z
  .array(
    z
      .object({
        name: z.string().min(1).max(200),
        params: z.record(z.string(), z.unknown()).nullish(),
      })
      .loose(),
  )
  .max(50);

export const UpstreamAgentSchema = z
  .object({
    kind: z.string().max(100).optional(),
    llm: UpstreamLLMSchema,
    tools: UpstreamToolsSchema.optional(),
    /** Its own MCP servers (`{mcpServers: {...}}`), started beside the global ones. */
    mcp_config: MCPConfigSchema.nullish(),
    /** Upstream's field (default 1); over the runtime's AGENT_WORKBENCH_TOOL_CONCURRENCY for this conversation. */
    tool_concurrency_limit: z.number().int().min(1).max(64).nullish(),
    system_prompt: z.string().nullish(),
    critic: z.unknown().optional(),
    agent_context: z
      .object({
        system_message_suffix: z.string().nullish(),
        user_message_suffix: z.string().nullish(),
        skills: RequestSkillsSchema.nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose()
  .superRefine((agent, context) => {
    const refuse = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    if (agent.kind !== undefined && agent.kind !== 'Agent')
      refuse(['kind'], 'Only kind "Agent" is served here (ACP and other agent kinds are not)');
    const mapped = fromUpstreamLLM(agent.llm);
    if (!mapped.ok) refuse(['llm'], `This model cannot be served: ${mapped.reason}`);
    agent.tools?.forEach((tool, index) => {
      if (servedToolFor(tool.name) === undefined)
        refuse(
          ['tools', index, 'name'],
          `Tool "${tool.name}" is not available here; available: ${AVAILABLE_TOOLS}`,
        );
    });
    if (agent.system_prompt) refuse(['system_prompt'], 'A custom system prompt is not supported');
    if (agent.critic !== undefined && agent.critic !== null) refuse(['critic'], 'Critics are not supported');
    if (agent.agent_context?.system_message_suffix)
      refuse(['agent_context', 'system_message_suffix'], 'Message suffixes are not supported');
    if (agent.agent_context?.user_message_suffix)
      refuse(['agent_context', 'user_message_suffix'], 'Message suffixes are not supported');
  });

export type UpstreamAgent = z.infer<typeof UpstreamAgentSchema>;

/** The tools an upstream agent asked for, by our names and in our order; undefined when it named none. */
export function toolsOfAgent(agent: UpstreamAgent): ServedTool[] | undefined {
  if (agent.tools === undefined) return undefined;
  const chosen = new Set(agent.tools.map((tool) => servedToolFor(tool.name)));
  return SERVED_TOOLS.filter((tool) => chosen.has(tool));
}
