import { z } from 'zod';
import type { ConversationAgent } from '../conversation/conversation-agent';
import {
  type CreateConversation,
  CreateConversationFields,
  checkCreateConversation,
  type LLMConfigInput,
} from '../conversation/requests';
import { RuntimeError } from '../errors/runtime-error';
import { skillsOfRequest } from './request-skills';
import { toolsOfAgent, UpstreamAgentSchema } from './upstream-agent';
import { toolsOfAgentSettings, UpstreamAgentSettingsSchema } from './upstream-agent-settings';
import { fromUpstreamLLM, type UpstreamLLM } from './upstream-llm';

/** `shape` with `added` right after its field `key`, so the published body keeps its field order. */
function insertAfter<S extends z.ZodRawShape, A extends z.ZodRawShape>(
  shape: S,
  key: keyof S & string,
  added: A,
): S & A {
  return Object.fromEntries(
    Object.entries(shape).flatMap(([name, schema]) =>
      name === key ? [[name, schema], ...Object.entries(added)] : [[name, schema]],
    ),
  ) as S & A;
}

const withAgent = insertAfter(CreateConversationFields, 'llm', {
  agent: UpstreamAgentSchema.optional(),
});

/**
 * POST /api/conversations as the route takes it: our fields (CreateConversationFields) and beside
 * them upstream's way of naming the agent: `agent` (its `llm` becomes the model configuration, `tools`
 * are checked), the Agent Canvas's `agent_settings`, or `agent_profile_id` (an agent profile's id
 * instead of `agent_settings`, for a profile other than "default"; the server resolves it to
 * `agent_settings` before the mapping: agent-settings-from-profile.ts).
 */
export const UpstreamCreateConversationSchema = z
  .strictObject(
    insertAfter(withAgent, 'mcp_config', {
      /** The Agent Canvas's way of naming the agent (instead of `agent`). */
      agent_settings: UpstreamAgentSettingsSchema.optional(),
      agent_profile_id: z.string().min(1).max(128).nullish(),
    }),
  )
  .superRefine((request, context) => {
    const ways = [
      request.agent && 'agent',
      request.agent_settings && 'agent_settings',
      request.agent_profile_id && 'agent_profile_id',
      request.llm && 'llm',
    ];
    const given = ways.filter((way) => typeof way === 'string');
    if (given.length > 1)
      context.addIssue({
        code: 'custom',
        path: [given[1] ?? 'agent'],
        message: `Give the model either as agent.llm (upstream), agent_settings.llm or agent_profile_id (the Agent Canvas) or as llm, not ${given.join(' and ')}`,
      });
    if (request.secrets_encrypted && (request.agent?.llm.api_key || request.agent_settings?.llm?.api_key))
      context.addIssue({
        code: 'custom',
        path: ['secrets_encrypted'],
        message:
          'Encrypted keys cannot be read here: send the key in plain over this connection, or leave it out to use the key in the settings',
      });
    if (request.agent_settings?.mcp_config && request.mcp_config)
      context.addIssue({
        code: 'custom',
        path: ['mcp_config'],
        message: 'Give the MCP servers either as agent_settings.mcp_config or as mcp_config, not both',
      });
    checkCreateConversation(request, context);
    if (request.agent?.mcp_config && request.mcp_config)
      context.addIssue({
        code: 'custom',
        path: ['mcp_config'],
        message: 'Give the MCP servers either as agent.mcp_config (upstream) or as mcp_config, not both',
      });
  });

export type UpstreamCreateConversation = z.infer<typeof UpstreamCreateConversationSchema>;

/**
 * A create body in our words: upstream's `agent` / `agent_settings` become our `llm` (mapped by
 * fromUpstreamLLM; the schema already refused what cannot be mapped) and `mcp_config`, and the agent
 * the service is given (tools, tool_concurrency_limit, inline skills, the model's upstream name). A
 * client that names its agent expects a missing working folder to be made, as upstream's server does.
 * `agent_profile_id` must be resolved before (agent-settings-from-profile.ts); it is dropped here.
 */
export function toCreateConversation(body: UpstreamCreateConversation): {
  request: CreateConversation;
  agent: ConversationAgent;
} {
  const { agent, agent_settings: settings, agent_profile_id: _resolved, ...ours } = body;
  const upstreamLLM = agent?.llm ?? settings?.llm ?? undefined;
  const llm = ours.llm ?? (upstreamLLM ? ourLLM(upstreamLLM) : undefined);
  const mcpConfig = ours.mcp_config ?? agent?.mcp_config ?? settings?.mcp_config;
  const tools = agent ? toolsOfAgent(agent) : settings ? toolsOfAgentSettings(settings) : undefined;
  const skills = skillsOfRequest((agent?.agent_context ?? settings?.agent_context)?.skills ?? undefined);
  return {
    request: { ...ours, ...(llm ? { llm } : {}), ...(mcpConfig ? { mcp_config: mcpConfig } : {}) },
    agent: {
      ...(tools ? { tools } : {}),
      ...(agent?.tool_concurrency_limit ? { tool_concurrency_limit: agent.tool_concurrency_limit } : {}),
      ...(skills ? { skills } : {}),
      ...(upstreamLLM ? { upstream_model: upstreamLLM.model } : {}),
      ...(agent !== undefined || settings !== undefined ? { make_missing_folder: true } : {}),
    },
  };
}

function ourLLM(llm: UpstreamLLM): LLMConfigInput {
  const mapped = fromUpstreamLLM(llm);
  if (!mapped.ok) throw new RuntimeError('invalid_request', `agent.llm: ${mapped.reason}`);
  return mapped.config;
}
