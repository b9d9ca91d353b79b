import { z } from 'zod';
import { LLMProviderSchema } from './conversation-state';
import { ToolSpecSchema } from './events';

/**
 * What the model of a conversation reads before its history: the system prompt's two parts and the
 * tools with their schemas, as the active branch's latest SystemPromptEvent recorded them, with
 * known secrets masked; and the window it reads them in. Our contract only (CONTRACT §4).
 */
export const ModelContextSchema = z.strictObject({
  provider: LLMProviderSchema.nullable(),
  /** The model the next call uses; null when none is configured. */
  model: z.string().nullable(),
  /** Tokens the model reads in one call, from the overrides or the known models; null when unknown. */
  context_window: z.number().int().positive().nullable(),
  /** The window condensation assumes meanwhile: `context_window`, or a small default when it is unknown. */
  assumed_context_window: z.number().int().positive(),
  /** The static part, the same for every conversation with the same tools; null when none is recorded. */
  system_prompt: z.string().nullable(),
  /** The per-conversation part (date, workspace, instruction files); null when there is none yet. */
  dynamic_context: z.string().nullable(),
  tools: z.array(ToolSpecSchema),
});

export type ModelContext = z.infer<typeof ModelContextSchema>;
