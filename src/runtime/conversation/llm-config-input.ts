import { z } from 'zod';
import { BaseUrlSchema, LLMProviderSchema } from '../events';

/** A model as our requests name it (create, switch_llm): the provider, model, endpoint and key. */
export const LLMConfigInputSchema = z.strictObject({
  provider: LLMProviderSchema,
  model: z.string().min(1).max(200),
  base_url: BaseUrlSchema.optional(),
  api_key: z.string().max(1000).optional(),
});

export type LLMConfigInput = z.infer<typeof LLMConfigInputSchema>;
