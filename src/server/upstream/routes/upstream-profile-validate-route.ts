import { z } from 'zod';
import { fromUpstreamLLM, UpstreamLLMSchema } from '../../../runtime/upstream/upstream-llm';
import { testConnection } from '../../../runtime/llm/test-connection';
import { ServiceUnavailableError } from '../../http/error-catalogue';
import type { ServerContext, ZodApp } from '../../http/server-context';
import { keyMayFollow } from '../../routes/llm-profile-key';
import { llmProfilesOf, ProfileLLMSchema, ProfileNameSchema } from './upstream-profile-routes';

const ValidateAnswerSchema = z.object({
  valid: z.boolean(),
  error: z.object({ type: z.string(), message: z.string() }).nullable(),
});

/** Failures that say nothing about the profile (upstream's _TRANSIENT_ERROR_TYPES): not a reason to refuse a save. */
const TRANSIENT = new Set(['rate_limit', 'timeout']);

/**
 * POST /api/profiles/{name}/validate: upstream's pre-flight, one tiny real call to the drafted model
 * before the front end saves it. A draft without a key is tried with the namesake's stored key only
 * when provider and base_url are the same (keyMayFollow): checking a draft must never send a stored
 * key to a host it was not given for.
 */
export function registerUpstreamProfileValidateRoute(app: ZodApp, context: ServerContext): void {
  const profiles = llmProfilesOf(context);
  app.post(
    '/api/profiles/:name/validate',
    {
      schema: {
        operationId: 'validateUpstreamLLMProfile',
        tags: ['upstream'],
        description:
          'Always 200: `valid` says whether a one-token call worked. Rate limits and timeouts count as valid, as upstream; a model this runtime cannot reach is `valid:false` with type `llm_unsupported`.',
        params: z.strictObject({ name: ProfileNameSchema }),
        body: z.object({ llm: ProfileLLMSchema, include_secrets: z.boolean().optional() }),
        response: { 200: ValidateAnswerSchema },
      },
    },
    async (request) => {
      const { api_key: givenKey, ...draft } = request.body.llm;
      const parsed = UpstreamLLMSchema.safeParse({ ...draft, api_key: null });
      const mapped = parsed.success ? fromUpstreamLLM(parsed.data) : undefined;
      if (!mapped?.ok) return invalid('llm_unsupported', mapped?.reason ?? 'The profile needs a model name');
      const stored = profiles.get(request.params.name);
      const apiKey =
        typeof givenKey === 'string' && givenKey !== ''
          ? givenKey
          : stored && keyMayFollow(stored.llm, draft)
            ? stored.apiKey
            : null;
      if (!context.createLLM) throw new ServiceUnavailableError();
      const llm = context.createLLM({ ...mapped.config, ...(apiKey ? { api_key: apiKey } : {}) });
      const result = await testConnection(llm, { signal: AbortSignal.timeout(60_000) });
      if (result.ok || TRANSIENT.has(result.code)) return { valid: true, error: null };
      return invalid(result.code, result.detail);
    },
  );
}

function invalid(type: string, message: string) {
  return { valid: false, error: { type, message } };
}
