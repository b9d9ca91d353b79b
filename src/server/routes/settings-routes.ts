import { RUNTIME_ERRORS } from '../../runtime/errors/runtime-error';
import { testConnection } from '../../runtime/llm/test-connection';
import {
  ConnectionResultSchema,
  SettingsPatchSchema,
  TestConnectionSchema,
} from '../../runtime/settings/settings-schemas';
import { runtimeSandboxStatus } from '../../runtime/sandbox/runtime-sandbox-status';
import { ServiceUnavailableError } from '../http/error-catalogue';
import {
  ErrorResponseSchema,
  NoQuerySchema,
  SettingsResponseSchema,
  ValidationErrorResponseSchema,
} from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import {
  llmPatchFromDiff,
  UpstreamSettingsDiffsSchema,
  upstreamSettingsView,
} from '../upstream/routes/upstream-settings-view';

/**
 * GET and PATCH /api/settings: the model and default policies, and beside them upstream's settings
 * documents (`agent_settings`, `conversation_settings`, `misc_settings`, changed by `*_settings_diff`).
 * The API key is write-only.
 */
export function registerSettingsRoutes(app: ZodApp, context: ServerContext): void {
  const answer = async () => {
    const view = context.settings.view();
    return {
      ...view,
      ...upstreamSettingsView(context.upstreamSettings.read(), view),
      default_workspace: context.defaultWorkspace,
      sandbox_status: await runtimeSandboxStatus(process.env, context.settings.current().sandbox),
    };
  };

  app.get(
    '/api/settings',
    {
      schema: {
        operationId: 'getSettings',
        tags: ['settings'],
        querystring: NoQuerySchema,
        response: { 200: SettingsResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    () => answer(),
  );

  app.patch(
    '/api/settings',
    {
      schema: {
        operationId: 'updateSettings',
        tags: ['settings'],
        description:
          'Persists to settings.json (0600). `llm.api_key`: a string sets it, "" clears it, absent keeps it, except that a change of `base_url` or `provider` without a new key clears the stored key (answer: `api_key_cleared: true`), so a key is never sent to a host it was not given for. `llm: null` forgets the model. Env variables still win (see `overridden_by_env`). 422 `mcp_path_refused` when a stdio MCP server\'s `read_only_paths` entry is relative, or is, holds or lies inside a path the sandbox hides (the data dir, credential folders, `sandbox.deny_paths`).',
        body: SettingsPatchSchema.extend(UpstreamSettingsDiffsSchema.shape),
        response: { 200: SettingsResponseSchema, 422: ValidationErrorResponseSchema.or(ErrorResponseSchema) },
      },
    },
    async (request) => {
      const { agent_settings_diff, conversation_settings_diff, misc_settings_diff, ...ours } = request.body;
      const diffs = { agent_settings_diff, conversation_settings_diff, misc_settings_diff };
      // Upstream's model choice lands in our settings.json (its key too); the rest of its documents,
      // secrets taken out, in upstream-settings.json. Checked first, so a refused model saves nothing.
      const llm = llmPatchFromDiff(diffs, context.upstreamSettings.read());
      const { api_key_cleared } = context.settings.update(llm === undefined ? ours : { ...ours, llm });
      context.upstreamSettings.merge(diffs);
      return { ...(await answer()), ...(api_key_cleared ? { api_key_cleared } : {}) };
    },
  );

  app.post(
    '/api/settings/test_connection',
    {
      schema: {
        operationId: 'testConnection',
        tags: ['settings'],
        description:
          'One tiny real call to the model that would actually run: the saved settings with the `llm` changes applied (not saved) and the LLM_* env variables on top. `sources` says where each value came from. When an env variable overrides a value the request gave, nothing is called and the answer is `ok: false`, code `overridden_by_env`, naming the variables. Always 200: `ok` says whether it worked.',
        body: TestConnectionSchema,
        response: { 200: ConnectionResultSchema, 422: ValidationErrorResponseSchema.or(ErrorResponseSchema) },
      },
    },
    async (request) => {
      const { config, sources, overriddenByEnv } = context.settings.explainLLM(request.body?.llm);
      if (overriddenByEnv.length > 0) {
        return {
          ok: false as const,
          code: 'overridden_by_env',
          detail: `${overriddenByEnv.join(', ')} ${overriddenByEnv.length === 1 ? 'overrides' : 'override'} the value you gave, so it would not be used: unset ${overriddenByEnv.length === 1 ? 'that variable' : 'those variables'} in the runtime's environment, or test without changing ${overriddenByEnv.length === 1 ? 'that value' : 'those values'}.`,
          sources,
          overridden_by_env: overriddenByEnv,
        };
      }
      if (!config)
        return {
          ok: false as const,
          code: 'llm_not_configured',
          detail: RUNTIME_ERRORS.llm_not_configured,
          sources,
        };
      if (!context.createLLM) throw new ServiceUnavailableError();
      const result = await testConnection(context.createLLM(config), { signal: AbortSignal.timeout(60_000) });
      return { ...result, sources };
    },
  );
}
