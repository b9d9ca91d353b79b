import { z } from 'zod';
import { RuntimeError } from '../../../runtime/errors/runtime-error';
import type { SettingsDocument } from '../../../runtime/settings/merge-settings-diff';
import type { LLMProfile } from '../../../runtime/settings/llm-profile-store';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '../../http/api-schemas';
import type { ServerContext, ZodApp } from '../../http/server-context';
import { keyMayFollow } from '../../routes/llm-profile-key';
import { llmPatchFromDiff, upstreamSettingsView } from './upstream-settings-view';

const tags = ['upstream'];
/** Upstream's PROFILE_NAME_PATTERN (llm_profile_store.py), shared by LLM and agent profiles. */
export const ProfileNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    'A profile name is letters, digits, dots, dashes or underscores',
  );
const NameParamsSchema = z.strictObject({ name: ProfileNameSchema });
/** Upstream's LLM object (LiteLLM naming); its tuning fields are kept and not honoured. */
export const ProfileLLMSchema = z.object({ model: z.string().min(1).max(300) }).loose();
const SaveProfileSchema = z.strictObject({
  llm: ProfileLLMSchema,
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
 * Upstream's named LLM profiles over our one model in effect (settings.json): profiles are kept in
 * `<data-dir>/llm-profiles.json` (0600, keys with them), activating one makes its model and key the
 * settings' model, and the first one saved when none is active becomes the one in effect (the Agent
 * Canvas's onboarding saves one and expects it to work). Before anything is saved, the model in
 * effect is listed as the one profile, as before there was a store (CONTRACT §8).
 */
export function registerUpstreamProfileRoutes(app: ZodApp, context: ServerContext): void {
  const profiles = llmProfilesOf(context);
  registerProfileReadRoutes(app, context, profiles);
  registerProfileChangeRoutes(app, context, profiles);

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

/** The profile list and one profile, its key never shown. */
function registerProfileReadRoutes(app: ZodApp, context: ServerContext, profiles: LLMProfiles): void {
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
      const listed = profiles.list();
      const active = context.upstreamSettings.read().active_profile;
      return {
        profiles: listed.map(({ name, profile }) => ({
          name,
          model: typeof profile.llm.model === 'string' ? profile.llm.model : null,
          base_url: typeof profile.llm.base_url === 'string' ? profile.llm.base_url : null,
          api_key_set: profile.apiKey !== null,
        })),
        // The stand-in is the model in effect, so it is the active one.
        active_profile:
          context.llmProfiles.list().length === 0
            ? (listed[0]?.name ?? null)
            : listed.some((entry) => entry.name === active)
              ? active
              : null,
      };
    },
  );

  app.get(
    '/api/profiles/:name',
    {
      schema: {
        operationId: 'getUpstreamLLMProfile',
        tags,
        description: '`config.api_key` is always null (no `X-Expose-Secrets`: a key is write-only here).',
        params: NameParamsSchema,
        response: {
          200: z.object({
            name: z.string(),
            config: z.record(z.string(), z.unknown()),
            api_key_set: z.boolean(),
          }),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { name } = request.params;
      const profile = profiles.get(name);
      if (!profile) throw new RuntimeError('profile_not_found', `No LLM profile is named "${name}"`);
      return { name, config: { ...profile.llm, api_key: null }, api_key_set: profile.apiKey !== null };
    },
  );
}

/** Save, activate, delete and rename: each keeps the settings' active profile and agent profiles in step. */
function registerProfileChangeRoutes(app: ZodApp, context: ServerContext, profiles: LLMProfiles): void {
  app.post(
    '/api/profiles/:name',
    {
      schema: {
        operationId: 'saveUpstreamLLMProfile',
        tags,
        description:
          "Saves (or overwrites) the profile. A save without a key keeps the namesake's key when the provider and base_url stay the same; include_secrets:false keeps none. It is applied to the settings when it is the active profile or none is active yet. 422 `llm_unsupported` for a model this runtime cannot reach, 409 `profile_limit_reached` past 50; nothing is saved then.",
        params: NameParamsSchema,
        body: SaveProfileSchema,
        response: {
          201: MutationSchema,
          409: ErrorResponseSchema,
          422: ValidationErrorResponseSchema.or(ErrorResponseSchema),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const { api_key: givenKey, ...llm } = request.body.llm;
      // Checked before anything is written, so a refused model saves nothing.
      llmPatchFromDiff({ agent_settings_diff: { llm } }, context.upstreamSettings.read());
      const existing = profiles.get(name);
      const kept = existing && keyMayFollow(existing.llm, llm) ? existing.apiKey : null;
      const apiKey =
        request.body.include_secrets === false
          ? null
          : typeof givenKey === 'string' && givenKey !== ''
            ? givenKey
            : kept;
      if (profiles.save(name, { llm, apiKey }) === 'limit_reached')
        throw new RuntimeError('profile_limit_reached', RUNTIME_PROFILE_LIMIT);
      const active = context.upstreamSettings.read().active_profile;
      if (active === null || active === name) applyProfile(context, name, { llm, apiKey });
      return reply.code(201).send({ name, message: `Profile '${name}' saved` });
    },
  );

  app.post(
    '/api/profiles/:name/activate',
    {
      schema: {
        operationId: 'activateUpstreamLLMProfile',
        tags,
        params: NameParamsSchema,
        response: {
          200: MutationSchema.extend({ llm_applied: z.boolean() }),
          404: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { name } = request.params;
      const profile = profiles.get(name);
      if (!profile) throw new RuntimeError('profile_not_found', `No LLM profile is named "${name}"`);
      // The stand-in is the model in effect already; writing it back would copy LLM_API_KEY into settings.json.
      if (context.llmProfiles.list().length === 0) context.upstreamSettings.nameProfile(name);
      else applyProfile(context, name, profile);
      return {
        name,
        message: `Profile '${name}' activated and applied to current settings`,
        llm_applied: true,
      };
    },
  );

  app.delete(
    '/api/profiles/:name',
    {
      schema: {
        operationId: 'deleteUpstreamLLMProfile',
        tags,
        description:
          'Idempotent, as upstream. Deleting the active profile leaves no profile active; the model in effect stays. 409 `profile_exists` while an agent profile refers to it.',
        params: NameParamsSchema,
        response: { 200: MutationSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { name } = request.params;
      const referrers = context.agentProfiles.referrersOf(name);
      if (referrers.length > 0)
        throw new RuntimeError(
          'profile_exists',
          `LLM profile '${name}' is referenced by agent profile(s): ${referrers.join(', ')}`,
        );
      profiles.delete(name);
      if (context.upstreamSettings.read().active_profile === name) context.upstreamSettings.nameProfile(null);
      return { name, message: `Profile '${name}' deleted` };
    },
  );

  app.post(
    '/api/profiles/:name/rename',
    {
      schema: {
        operationId: 'renameUpstreamLLMProfile',
        tags,
        description:
          'The active profile stays active under its new name; agent profiles referring to it follow.',
        params: NameParamsSchema,
        body: z.strictObject({ new_name: ProfileNameSchema }),
        response: { 200: MutationSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { name } = request.params;
      const { new_name: newName } = request.body;
      const outcome = profiles.rename(name, newName);
      if (outcome === 'not_found') throw new RuntimeError('profile_not_found', `Profile '${name}' not found`);
      if (outcome === 'name_taken')
        throw new RuntimeError('profile_exists', `Profile '${newName}' already exists`);
      if (name === newName) return { name, message: `Profile '${name}' unchanged (same name)` };
      if (context.upstreamSettings.read().active_profile === name)
        context.upstreamSettings.nameProfile(newName);
      context.agentProfiles.renameLLMReference(name, newName);
      return { name: newName, message: `Profile '${name}' renamed to '${newName}'` };
    },
  );
}

const RUNTIME_PROFILE_LIMIT = 'Profile limit reached (50). Delete a profile before saving a new one.';

/**
 * The profiles, with the model in effect (and its key from settings.json) standing in as the one
 * profile while none is saved, as before there was a store.
 */
export function llmProfilesOf(context: ServerContext) {
  const standIn = (): { name: string; profile: LLMProfile } | undefined => {
    const view = context.settings.view();
    if (!view.llm) return undefined;
    const llm = upstreamSettingsView(context.upstreamSettings.read(), view).agent_settings
      .llm as SettingsDocument;
    const { api_key: _never, ...withoutKey } = llm;
    return {
      name: context.upstreamSettings.read().active_profile ?? 'default',
      profile: { llm: withoutKey, apiKey: context.settings.previewLLM(undefined)?.api_key ?? null },
    };
  };
  const stored = context.llmProfiles;
  return {
    list: () => {
      const listed = stored.list();
      if (listed.length > 0) return listed;
      const only = standIn();
      return only ? [only] : [];
    },
    get: (name: string): LLMProfile | undefined => {
      if (stored.list().length > 0) return stored.get(name);
      const only = standIn();
      return only?.name === name ? only.profile : undefined;
    },
    save: (name: string, profile: LLMProfile) => stored.save(name, profile),
    delete: (name: string) => stored.delete(name),
    rename: (from: string, to: string) => {
      if (stored.list().length > 0) return stored.rename(from, to);
      if (standIn()?.name !== from) return 'not_found' as const;
      context.upstreamSettings.nameProfile(to);
      return 'renamed' as const;
    },
  };
}

/** The profiles as the routes see them (the stand-in included). */
type LLMProfiles = ReturnType<typeof llmProfilesOf>;

/** Makes the profile's model (and key) the settings' model in effect, under the profile's name. */
function applyProfile(context: ServerContext, name: string, profile: LLMProfile): void {
  const diffs = { agent_settings_diff: { llm: { ...profile.llm, api_key: profile.apiKey } } };
  const patch = llmPatchFromDiff(diffs, context.upstreamSettings.read());
  // A profile saved without a key runs without one: the previous profile's key is not carried over.
  if (patch) context.settings.update({ llm: { ...patch, api_key: profile.apiKey ?? '' } });
  context.upstreamSettings.merge({ agent_settings_diff: { llm: profile.llm } });
  context.upstreamSettings.nameProfile(name);
}
