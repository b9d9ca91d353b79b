import { SettingsPatchSchema } from '../../runtime/settings/settings-schemas';
import { ErrorResponseSchema, SettingsResponseSchema, ValidationErrorResponseSchema } from '../api-schemas';
import type { ServerContext, ZodApp } from '../server-context';

/** GET and PATCH /api/settings: the model and default policies. The API key is write-only. */
export function registerSettingsRoutes(app: ZodApp, context: ServerContext): void {
  const answer = () => ({ ...context.settings.view(), default_workspace: context.defaultWorkspace });

  app.get(
    '/api/settings',
    { schema: { operationId: 'getSettings', tags: ['settings'], response: { 200: SettingsResponseSchema } } },
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
}
