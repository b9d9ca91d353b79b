import { z } from 'zod';
import type { SavedSecretInfo } from '../../runtime/secrets/saved-secrets';
import { SettingsError } from '../../runtime/data-files/settings-error';
import { ErrorResponseSchema, SuccessSchema, ValidationErrorResponseSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import {
  SavedSecretInfoSchema,
  SecretDescriptionSchema,
  SecretNameParamsSchema,
  SecretValueInputSchema,
  SECRET_NOT_FOUND,
} from './saved-secrets-schemas';

const INVALID = { 422: ValidationErrorResponseSchema };
const NOT_FOUND = { 404: ErrorResponseSchema };
const KEPT =
  'Kept across restarts in `<data-dir>/secrets.json` (0600), the value sealed with `<data-dir>/secrets.key`; no answer ever holds a value again.';

/**
 * Our routes for the person's saved secrets (GET /api/secrets, PUT, PATCH and DELETE
 * /api/secrets/{name}); upstream-secrets-routes.ts serves the same store in the agent server's shapes.
 */
export function registerSavedSecretsRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/secrets',
    {
      schema: {
        operationId: 'listSavedSecrets',
        tags: ['settings'],
        description: `The saved secrets by name, with their descriptions and times, never their values. ${KEPT}`,
        response: { 200: z.strictObject({ items: z.array(SavedSecretInfoSchema) }) },
      },
    },
    async () => ({ items: context.savedSecrets.list().map(shown) }),
  );

  app.put(
    '/api/secrets/:name',
    {
      schema: {
        operationId: 'saveSecret',
        tags: ['settings'],
        description: `Saves a secret under an environment variable's name, or replaces its value (and its description when one is sent; null clears it): 201 when new, 200 when replaced. Every conversation masks the value as \`‹secret:NAME›\` in what it records and sends to the model, the model is told the name, and a terminal command receives it as the variable NAME only when its text names \`$NAME\` (braces allowed). ${KEPT} 422 for a name that is not an environment variable name or an empty value.`,
        params: SecretNameParamsSchema,
        body: z.strictObject({ value: SecretValueInputSchema, description: SecretDescriptionSchema }),
        response: { 200: SavedSecretInfoSchema, 201: SavedSecretInfoSchema, ...INVALID },
      },
    },
    async (request, reply) => {
      const { secret, created } = context.savedSecrets.put(
        request.params.name,
        request.body.value,
        request.body.description,
      );
      return reply.code(created ? 201 : 200).send(shown(secret));
    },
  );

  app.patch(
    '/api/secrets/:name',
    {
      schema: {
        operationId: 'updateSecret',
        tags: ['settings'],
        description: `Changes a saved secret's value, its description (null clears it), or both. 404 \`secret_not_found\` when none has that name; 422 for an empty value.`,
        params: SecretNameParamsSchema,
        body: z.strictObject({
          value: SecretValueInputSchema.optional(),
          description: SecretDescriptionSchema,
        }),
        response: { 200: SavedSecretInfoSchema, ...NOT_FOUND, ...INVALID },
      },
    },
    async (request) => {
      const { value, description } = request.body;
      const updated = context.savedSecrets.update(request.params.name, {
        ...(value === undefined ? {} : { value }),
        ...(description === undefined ? {} : { description }),
      });
      if (!updated) throw new SettingsError('secret_not_found', SECRET_NOT_FOUND);
      return shown(updated);
    },
  );

  app.delete(
    '/api/secrets/:name',
    {
      schema: {
        operationId: 'deleteSecret',
        tags: ['settings'],
        description:
          'Forgets a saved secret: no later command receives it. Events recorded while it was saved keep their masks. 404 `secret_not_found` when none has that name.',
        params: SecretNameParamsSchema,
        response: { 200: SuccessSchema, ...NOT_FOUND, ...INVALID },
      },
    },
    async (request) => {
      if (!context.savedSecrets.remove(request.params.name))
        throw new SettingsError('secret_not_found', SECRET_NOT_FOUND);
      return { success: true as const };
    },
  );
}

function shown(secret: SavedSecretInfo): z.infer<typeof SavedSecretInfoSchema> {
  return { ...secret, value_set: true };
}
