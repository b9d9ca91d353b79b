import { z } from 'zod';
import { RuntimeError } from '../../runtime/conversation/runtime-error';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '../api-schemas';
import type { ServerContext, ZodApp } from '../server-context';
import { llmPatchFromDiff, upstreamSettingsView } from './upstream-settings-view';

const tags = ['upstream'];
const ProfileNameSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._ -]+$/, 'A profile name is letters, digits, spaces, dots, dashes or underscores'),
});
const SaveProfileSchema = z.strictObject({
  /** Upstream's LLM object (LiteLLM naming); its tuning fields are accepted and not honoured. */
  llm: z.object({ model: z.string().min(1).max(300) }).loose(),
  /** false: the key, if any, is not kept. */
  include_secrets: z.boolean().optional(),
});
const ProfileSchema = z.object({
  name: z.string(),
  model: z.string().nullable(),
  base_url: z.string().nullable(),
  api_key_set: z.boolean(),
});
const MutationSchema = z.object({ name: z.string(), message: z.string() });

/**
 * Upstream's LLM profiles over the one model this runtime keeps in effect (settings.json): the list
 * is that model under the name it was last saved as; saving a profile makes its model the one in
 * effect (its key write-only in settings.json, as with PATCH /api/settings), so the Agent Canvas's
 * onboarding works. Several stored profiles are not kept (CONTRACT §8).
 */
export function registerUpstreamProfileRoutes(app: ZodApp, context: ServerContext): void {
  const activeName = () => context.upstreamSettings.read().active_profile ?? 'default';

  app.get(
    '/api/profiles',
    {
      schema: {
        operationId: 'listUpstreamLLMProfiles',
        tags,
        response: {
          200: z.object({ profiles: z.array(ProfileSchema), active_profile: z.string().nullable() }),
        },
      },
    },
    async () => {
      const view = context.settings.view();
      if (!view.llm) return { profiles: [], active_profile: null };
      const named = upstreamSettingsView(context.upstreamSettings.read(), view).agent_settings.llm as
        | { model?: unknown }
        | undefined;
      const model = typeof named?.model === 'string' ? named.model : view.llm.model;
      const profile = {
        name: activeName(),
        model,
        base_url: view.llm.base_url ?? null,
        api_key_set: view.llm.api_key_set,
      };
      return { profiles: [profile], active_profile: profile.name };
    },
  );

  app.post(
    '/api/profiles/:name',
    {
      schema: {
        operationId: 'saveUpstreamLLMProfile',
        tags,
        description:
          'Makes the model the one in effect under this name (the key, unless include_secrets is false, kept write-only in settings.json). 422 `llm_unsupported` for a model this runtime cannot reach; nothing is saved then.',
        params: ProfileNameSchema,
        body: SaveProfileSchema,
        response: { 201: MutationSchema, 422: ValidationErrorResponseSchema.or(ErrorResponseSchema) },
      },
    },
    async (request, reply) => {
      const { llm, include_secrets } = request.body;
      const given = include_secrets === false ? { ...llm, api_key: null } : llm;
      const diffs = { agent_settings_diff: { llm: given } };
      // Checked before anything is written, so a refused model saves nothing.
      const patch = llmPatchFromDiff(diffs, context.upstreamSettings.read());
      context.settings.update({ llm: patch });
      context.upstreamSettings.merge(diffs);
      context.upstreamSettings.nameProfile(request.params.name);
      return reply.code(201).send({ name: request.params.name, message: 'Profile saved and in effect' });
    },
  );

  app.post(
    '/api/profiles/:name/activate',
    {
      schema: {
        operationId: 'activateUpstreamLLMProfile',
        tags,
        params: ProfileNameSchema,
        response: {
          200: MutationSchema.extend({ llm_applied: z.boolean() }),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!context.settings.view().llm || request.params.name !== activeName())
        throw new RuntimeError('profile_not_found', `No LLM profile is named "${request.params.name}"`);
      return { name: request.params.name, message: 'Profile in effect', llm_applied: true };
    },
  );

  app.get(
    '/api/llm/models/verified',
    {
      schema: {
        operationId: 'listUpstreamVerifiedModels',
        tags,
        description:
          'Always empty: no LiteLLM catalogue; any OpenAI, Anthropic or OpenAI-compatible model can be named.',
        response: { 200: z.object({ models: z.record(z.string(), z.array(z.string())) }) },
      },
    },
    async () => ({ models: {} }),
  );
}
