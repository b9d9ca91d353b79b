import { z } from 'zod';
import { RuntimeError } from '../../../runtime/errors/runtime-error';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '../../http/api-schemas';
import type { ServerContext, ZodApp } from '../../http/server-context';
import { ProfileNameSchema } from './upstream-profile-routes';

const tags = ['upstream'];
const NameParamsSchema = z.strictObject({ name: ProfileNameSchema });
const MutationSchema = z.object({ name: z.string(), message: z.string() });
const SummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  agent_kind: z.string(),
  revision: z.number(),
  llm_profile_ref: z.string().nullable(),
  mcp_server_refs: z.array(z.string()).nullable(),
});
/**
 * Upstream validates the body as its AgentProfile union; we check the fields the runtime reads and
 * keep the rest as given (bounded in size by the body limit).
 */
const AgentProfileBodySchema = z
  .object({
    agent_kind: z.enum(['openhands', 'acp']).default('openhands'),
    llm_profile_ref: ProfileNameSchema.nullish(),
    mcp_server_refs: z.array(z.string().max(200)).max(100).nullish(),
  })
  .loose();

/**
 * Upstream's agent profiles (agent_profiles_router.py) over the agent profile store: list, read,
 * save, rename, delete and the pointer-only activate the Agent Canvas's agent settings page and its
 * onboarding call. Unlike upstream the list is not seeded from the settings on first read: an empty
 * list is how the Canvas launches from `agent_settings` (CONTRACT §8).
 */
export function registerUpstreamAgentProfileRoutes(app: ZodApp, context: ServerContext): void {
  const profiles = context.agentProfiles;
  const notFound = (what: string) =>
    new RuntimeError('agent_profile_not_found', `Agent profile '${what}' not found`);

  app.get(
    '/api/agent-profiles',
    {
      schema: {
        operationId: 'listUpstreamAgentProfiles',
        tags,
        response: {
          200: z.object({ profiles: z.array(SummarySchema), active_agent_profile_id: z.string().nullable() }),
        },
      },
    },
    async () => ({
      profiles: profiles.list().map((profile) => ({
        id: profile.id,
        name: profile.name,
        agent_kind: typeof profile.agent_kind === 'string' ? profile.agent_kind : 'openhands',
        revision: profile.revision,
        llm_profile_ref: typeof profile.llm_profile_ref === 'string' ? profile.llm_profile_ref : null,
        mcp_server_refs: Array.isArray(profile.mcp_server_refs) ? profile.mcp_server_refs.map(String) : null,
      })),
      active_agent_profile_id: profiles.activeId(),
    }),
  );

  app.get(
    '/api/agent-profiles/:name',
    {
      schema: {
        operationId: 'getUpstreamAgentProfile',
        tags,
        params: NameParamsSchema,
        response: {
          200: z.object({ name: z.string(), profile: z.record(z.string(), z.unknown()) }),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const profile = profiles.get(request.params.name);
      if (!profile) throw notFound(request.params.name);
      return { name: profile.name, profile };
    },
  );

  app.post(
    '/api/agent-profiles/:name',
    {
      schema: {
        operationId: 'saveUpstreamAgentProfile',
        tags,
        description:
          "Saves (or overwrites) the profile under the path's name; `id` and `revision` are the server's. Fields named like secrets are not kept. 409 `profile_limit_reached` past 50.",
        params: NameParamsSchema,
        body: AgentProfileBodySchema,
        response: {
          201: MutationSchema,
          409: ErrorResponseSchema,
          422: ValidationErrorResponseSchema.or(ErrorResponseSchema),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const { id: _id, name: _name, revision: _revision, ...document } = request.body;
      if (!profiles.save(name, document))
        throw new RuntimeError(
          'profile_limit_reached',
          'Agent profile limit reached (50). Delete a profile before saving a new one.',
        );
      return reply.code(201).send({ name, message: `Agent profile '${name}' saved` });
    },
  );

  app.delete(
    '/api/agent-profiles/:name',
    {
      schema: {
        operationId: 'deleteUpstreamAgentProfile',
        tags,
        description: 'Idempotent; deleting the active profile clears the active pointer.',
        params: NameParamsSchema,
        response: { 200: MutationSchema },
      },
    },
    async (request) => {
      profiles.delete(request.params.name);
      return { name: request.params.name, message: `Agent profile '${request.params.name}' deleted` };
    },
  );

  app.post(
    '/api/agent-profiles/:name/rename',
    {
      schema: {
        operationId: 'renameUpstreamAgentProfile',
        tags,
        description: 'The id stays, so an active profile stays active.',
        params: NameParamsSchema,
        body: z.strictObject({ new_name: ProfileNameSchema }),
        response: { 200: MutationSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { name } = request.params;
      const { new_name: newName } = request.body;
      const outcome = profiles.rename(name, newName);
      if (outcome === 'not_found') throw notFound(name);
      if (outcome === 'name_taken')
        throw new RuntimeError('profile_exists', `Agent profile '${newName}' already exists`);
      const message =
        name === newName
          ? `Agent profile '${name}' unchanged (same name)`
          : `Agent profile '${name}' renamed to '${newName}'`;
      return { name: newName, message };
    },
  );

  app.post(
    '/api/agent-profiles/:id/activate',
    {
      schema: {
        operationId: 'activateUpstreamAgentProfile',
        tags,
        description:
          'Pointer only, as upstream: the settings are not touched (`agent_settings_applied: false`).',
        params: z.strictObject({ id: z.string().min(1).max(128) }),
        response: {
          200: z.object({ id: z.string(), message: z.string(), agent_settings_applied: z.boolean() }),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!profiles.activate(id)) throw notFound(id);
      return { id, message: `Agent profile '${id}' activated`, agent_settings_applied: false };
    },
  );
}
