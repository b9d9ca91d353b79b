import { RUNTIME_ERRORS } from '../../runtime/conversation/runtime-error';
import { testConnection } from '../../runtime/llm/test-connection';
import {
  ConnectionResultSchema,
  SettingsPatchSchema,
  TestConnectionSchema,
} from '../../runtime/settings/settings-schemas';
import { ServiceUnavailableError } from '../error-catalogue';
import {
  ErrorResponseSchema,
  NoQuerySchema,
  SettingsResponseSchema,
  ValidationErrorResponseSchema,
} from '../api-schemas';
import type { ServerContext, ZodApp } from '../server-context';

/** GET and PATCH /api/settings: the model and default policies. The API key is write-only. */
export function registerSettingsRoutes(app: ZodApp, context: ServerContext): void {
  const answer = () => ({ ...context.settings.view(), default_workspace: context.defaultWorkspace });

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
    async () => answer(),
  );

  app.patch(
    '/api/settings',
    {
      schema: {
        operationId: 'updateSettings',
        tags: ['settings'],
        description:
          'Persists to settings.json (0600). `llm.api_key`: a string sets it, "" clears it, absent keeps it. `llm: null` forgets the model. Env variables still win (see `overridden_by_env`).',
        body: SettingsPatchSchema,
        response: { 200: SettingsResponseSchema, 422: ValidationErrorResponseSchema.or(ErrorResponseSchema) },
      },
    },
    async (request) => {
      context.settings.update(request.body);
      return answer();
    },
  );

  app.post(
    '/api/settings/test_connection',
    {
      schema: {
        operationId: 'testConnection',
        tags: ['settings'],
        description:
          'One tiny real call to the model (saved settings, or with `llm` changes applied but not saved). Always 200: `ok` says whether it worked.',
        body: TestConnectionSchema,
        response: { 200: ConnectionResultSchema, 422: ValidationErrorResponseSchema.or(ErrorResponseSchema) },
      },
    },
    async (request) => {
      const config = context.settings.previewLLM(request.body?.llm);
      if (!config)
        return { ok: false as const, code: 'llm_not_configured', detail: RUNTIME_ERRORS.llm_not_configured };
      if (!context.createLLM) throw new ServiceUnavailableError();
      return testConnection(context.createLLM(config), { signal: AbortSignal.timeout(60_000) });
    },
  );
}
