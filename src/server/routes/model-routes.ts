import { z } from 'zod';
import type { ConversationService } from '../../runtime/conversation/conversation-service';
import { RuntimeError } from '../../runtime/errors/runtime-error';
import { listProviderModels } from '../../runtime/llm/list-provider-models';
import { ConversationParamsSchema, NoQuerySchema, SuccessSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { CONFLICT, NOT_FOUND_OR_INVALID } from './route-responses';

export const ModelListSchema = z.strictObject({
  /** The ids the provider lists, sorted; empty when it has no list or could not be asked. */
  models: z.array(z.string()),
  /** The model the settings name now; null when none is configured. */
  current: z.string().nullable(),
  /** `provider`: `models` came from it; `free_text`: type a name (`detail` says why). */
  source: z.enum(['provider', 'free_text']),
  detail: z.string().optional(),
});

export const SetConversationModelSchema = z.strictObject({
  model: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]+$/u, 'A model name has no control characters'),
});

/**
 * The model picker's two routes: the configured provider's model list, and a conversation's model
 * (same provider, endpoint and key as the settings; recorded as a ConversationStateUpdateEvent `llm`).
 */
export function registerModelRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/settings/models',
    {
      schema: {
        operationId: 'listModels',
        tags: ['settings'],
        description:
          'The configured provider\'s models (`GET {base}/models` with the settings\' key, 5 s at most). A provider without a list, or one that fails, answers `source: "free_text"` with the reason in `detail`: type the name instead.',
        querystring: NoQuerySchema,
        response: { 200: ModelListSchema },
      },
    },
    async () => {
      const llm = context.settings.current().llm;
      const current = llm && llm.model !== '' ? llm.model : null;
      if (!llm) {
        return {
          models: [],
          current,
          source: 'free_text' as const,
          detail: 'No provider is configured yet.',
        };
      }
      const result = await listProviderModels(llm);
      if (!result.ok) return { models: [], current, source: 'free_text' as const, detail: result.detail };
      return { models: result.models, current, source: 'provider' as const };
    },
  );

  app.post(
    '/api/conversations/:id/model',
    {
      schema: {
        operationId: 'setConversationModel',
        tags: ['conversations'],
        description:
          "This conversation's model from the next model call on, at the settings' provider and endpoint, with the settings' key; recorded as a ConversationStateUpdateEvent `llm`. The first change also records the model used until then, so every reply's model can be read from the log. 409 `llm_not_configured` when the settings name no provider.",
        params: ConversationParamsSchema,
        body: SetConversationModelSchema,
        response: { 200: SuccessSchema, ...CONFLICT, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      const service = context.service();
      const { id } = request.params;
      const llm = context.settings.current().llm;
      if (!llm) throw new RuntimeError('llm_not_configured');
      const endpoint = { provider: llm.provider, ...(llm.base_url ? { base_url: llm.base_url } : {}) };
      if (!(await hasRecordedModel(service, id))) {
        // The model used so far was never logged (it came with the conversation or from the settings).
        const before = (await service.get(id)).llm;
        if (before.model !== '' && before.model !== request.body.model) {
          const sameProvider = before.provider === llm.provider;
          await service.switchLLM(id, {
            ...(sameProvider ? endpoint : { provider: before.provider }),
            model: before.model,
          });
        }
      }
      await service.switchLLM(id, { ...endpoint, model: request.body.model });
      return { success: true as const };
    },
  );
}

/** Whether the log already holds an `llm` state update (state updates are few: a handful per run). */
async function hasRecordedModel(service: ConversationService, id: string): Promise<boolean> {
  let pageId: string | undefined;
  do {
    const page = await service.searchEvents(
      id,
      { kind: 'ConversationStateUpdateEvent' },
      { limit: 100, order: 'asc', ...(pageId ? { page_id: pageId } : {}) },
    );
    if (page.items.some((event) => event.kind === 'ConversationStateUpdateEvent' && event.key === 'llm'))
      return true;
    pageId = page.next_page_id ?? undefined;
  } while (pageId);
  return false;
}
