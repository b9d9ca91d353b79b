import { z } from 'zod';
import { MCPConfigSchema } from '../mcp/mcp-server-config';
import { SERVED_TOOLS, type ServedTool } from '../conversation/conversation-agent';
import { servedToolFor, UpstreamToolsSchema } from './upstream-agent';
import { RequestSkillsSchema } from './request-skills';
import { fromUpstreamLLM, UpstreamLLMSchema } from './upstream-llm';

/**
 * Upstream's `agent_settings` in a create request: the settings document's agent part, as the Agent
 * Canvas sends it instead of `agent`. We read `llm` (the model; absent: the settings' model), `tools`
 * and `mcp_config`. Unlike `agent.tools`, a tool we do not serve is left out rather than refused: the
 * Canvas always asks for `browser_tool_set`, and the agent simply works without it.
 * `agent_context.skills` become the conversation's skills (request-skills.ts); the skill loading flags
 * and the other tuning fields are accepted and not honoured (CONTRACT §8).
 * Only the OpenHands agent kind is served; an ACP agent is refused.
 */
export const UpstreamAgentSettingsSchema = z
  .object({
    agent_kind: z.string().max(100).nullish(),
    llm: UpstreamLLMSchema.nullish(),
    tools: UpstreamToolsSchema.nullish(),
    mcp_config: MCPConfigSchema.nullish(),
    agent_context: z.object({ skills: RequestSkillsSchema.nullish() }).loose().nullish(),
  })
  .loose()
  .superRefine((settings, context) => {
    if (settings.agent_kind != null && settings.agent_kind !== 'openhands')
      context.addIssue({
        code: 'custom',
        path: ['agent_kind'],
        message: 'Only agent_kind "openhands" is served here (ACP agents are not)',
      });
    const mapped = settings.llm ? fromUpstreamLLM(settings.llm) : undefined;
    if (mapped && !mapped.ok)
      context.addIssue({
        code: 'custom',
        path: ['llm'],
        message: `This model cannot be served: ${mapped.reason}`,
      });
  });

export type UpstreamAgentSettings = z.infer<typeof UpstreamAgentSettingsSchema>;

/** The served tools the settings asked for, in our order; undefined when they named none. */
export function toolsOfAgentSettings(settings: UpstreamAgentSettings): ServedTool[] | undefined {
  if (!settings.tools) return undefined;
  const chosen = new Set(settings.tools.map((tool) => servedToolFor(tool.name)));
  return SERVED_TOOLS.filter((tool) => chosen.has(tool));
}
