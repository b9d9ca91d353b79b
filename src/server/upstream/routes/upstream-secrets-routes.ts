import { z } from 'zod';
import { SettingsError } from '../../../runtime/data-files/settings-error';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '../../http/api-schemas';
import type { ServerContext, ZodApp } from '../../http/server-context';
import {
  SecretDescriptionSchema,
  SecretNameParamsSchema,
  SecretNameSchema,
  SecretValueInputSchema,
  SECRET_NOT_FOUND,
} from '../../routes/saved-secrets-schemas';

const SecretItemSchema = z.strictObject({ name: z.string(), description: z.string().nullable() });

/**
 * The agent server's secrets routes (`/api/settings/secrets`), in its shapes, over the same saved
 * secrets as our /api/secrets: what the Agent Canvas's secrets page and the official client's
 * SettingsClient call. Upstream also answers a value in plain text at GET …/{name}; this runtime
 * never does (403 `secret_value_withheld`), since the agent server's own LookupSecret is resolved
 * here without asking for it.
 */
export function registerUpstreamSecretsRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/settings/secrets',
    {
      schema: {
        operationId: 'listUpstreamSecrets',
        tags: ['upstream'],
        description:
          "The saved secrets, names and descriptions only (the agent server's SecretsListResponse).",
        response: { 200: z.strictObject({ secrets: z.array(SecretItemSchema) }) },
      },
    },
    async () => ({
      secrets: context.savedSecrets.list().map(({ name, description }) => ({ name, description })),
    }),
  );

  app.put(
    '/api/settings/secrets',
    {
      schema: {
        operationId: 'upsertUpstreamSecret',
        tags: ['upstream'],
        description:
          "Saves or replaces a secret (the agent server's SecretCreateRequest), as PUT /api/secrets/{name} does; answers its name and description. 422 for a name that is not an environment variable name or an empty value.",
        body: z.strictObject({
          name: SecretNameSchema,
          value: SecretValueInputSchema,
          description: SecretDescriptionSchema,
        }),
        response: { 200: SecretItemSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => {
      const { name, value, description } = request.body;
      // Upstream replaces the description with what is sent, absent meaning none.
      const { secret } = context.savedSecrets.put(name, value, description ?? null);
      return { name: secret.name, description: secret.description };
    },
  );

  app.get(
    '/api/settings/secrets/:name',
    {
      schema: {
        operationId: 'getUpstreamSecretValue',
        tags: ['upstream'],
        description:
          'Never answers a value: 403 `secret_value_withheld` for a saved secret, 404 `secret_not_found` otherwise. To change a secret, send its value again.',
        params: SecretNameParamsSchema,
        response: { 403: ErrorResponseSchema, 404: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => {
      if (!context.savedSecrets.list().some((secret) => secret.name === request.params.name))
        throw new SettingsError('secret_not_found', SECRET_NOT_FOUND);
      throw new SettingsError(
        'secret_value_withheld',
        "A saved secret's value is never sent back: to change the secret, enter its value again",
      );
    },
  );

  app.delete(
    '/api/settings/secrets/:name',
    {
      schema: {
        operationId: 'deleteUpstreamSecret',
        tags: ['upstream'],
        description:
          'Forgets a saved secret (answers `{deleted: true}`); 404 `secret_not_found` when none has that name.',
        params: SecretNameParamsSchema,
        response: {
          200: z.strictObject({ deleted: z.literal(true) }),
          404: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!context.savedSecrets.remove(request.params.name))
        throw new SettingsError('secret_not_found', SECRET_NOT_FOUND);
      return { deleted: true as const };
    },
  );
}
