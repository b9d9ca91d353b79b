import { z } from 'zod';
import { isReservedSecretName, SECRET_NAME } from '../../runtime/secrets/saved-secrets';

/** An environment variable's name, and none the shell relies on: a saved secret reaches a command under it. */
export const SecretNameSchema = z
  .string()
  .max(100)
  .regex(
    SECRET_NAME,
    'A secret name is a letter or _ then letters, digits or _ (an environment variable name)',
  )
  .refine(
    (name) => !isReservedSecretName(name),
    'This name is reserved: the shell or the sandbox relies on it (PATH, HOME, PROMPT_COMMAND, LD_PRELOAD, the proxy variables…)',
  );

/** Never empty (nor only blanks): an empty secret would mask nothing and hand a command nothing. */
export const SecretValueInputSchema = z
  .string()
  .max(10_000)
  .refine((value) => value.trim() !== '', 'A secret value cannot be empty');

export const SecretDescriptionSchema = z.string().max(1_000).nullish();

export const SecretNameParamsSchema = z.strictObject({ name: SecretNameSchema });

/** Everything shown of a saved secret: never its value. */
export const SavedSecretInfoSchema = z.strictObject({
  name: z.string(),
  description: z.string().nullable(),
  /** Always true: the answer says a value is saved without ever showing it. */
  value_set: z.literal(true),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The one wording of a 404 for a secret name: the same whichever route is asked. */
export const SECRET_NOT_FOUND = 'No saved secret has this name';
