import { RuntimeError } from '../../runtime/errors/runtime-error';
import {
  type UpstreamAgentSettings,
  UpstreamAgentSettingsSchema,
} from '../../runtime/upstream/upstream-agent-settings';
import type { UpstreamCreateConversation } from '../../runtime/upstream/upstream-create-conversation';
import type { ServerContext } from '../http/server-context';

/**
 * A create request naming an agent profile (`agent_profile_id`), turned into the `agent_settings`
 * the runtime reads: the profile's `tools` and the model of the LLM profile it names (with that
 * profile's key). A reference to no LLM profile leaves the settings' model, as the Canvas launches
 * from `agent_settings` then. Throws RuntimeError `agent_profile_not_found` for an unknown id, and
 * `llm_unsupported` when the named model cannot be served. Other requests pass unchanged.
 */
export function resolveAgentProfile(
  context: ServerContext,
  request: UpstreamCreateConversation,
): UpstreamCreateConversation {
  const { agent_profile_id: id, ...rest } = request;
  if (!id) return rest;
  const profile = context.agentProfiles.byId(id);
  if (!profile) throw new RuntimeError('agent_profile_not_found', `Agent profile with id '${id}' not found`);
  const reference = typeof profile.llm_profile_ref === 'string' ? profile.llm_profile_ref : undefined;
  const llmProfile = reference === undefined ? undefined : context.llmProfiles.get(reference);
  const parsed = UpstreamAgentSettingsSchema.safeParse({
    agent_kind: profile.agent_kind ?? 'openhands',
    ...(llmProfile ? { llm: { ...llmProfile.llm, api_key: llmProfile.apiKey } } : {}),
    ...(Array.isArray(profile.tools) ? { tools: profile.tools } : {}),
  });
  if (!parsed.success)
    throw new RuntimeError(
      'llm_unsupported',
      `Agent profile '${profile.name}' cannot be served: ${parsed.error.issues[0]?.message ?? 'invalid profile'}`,
    );
  const agentSettings: UpstreamAgentSettings = parsed.data;
  return { ...rest, agent_settings: agentSettings };
}
