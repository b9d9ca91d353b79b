import { z } from 'zod';

/**
 * What one model call cost: recorded on the event its answer became (an agent's reply, the first
 * action of a tool-call batch, a Condensation's summary), so per-step figures are read from the log
 * instead of a side table. Absent on events recorded before it existed.
 */
export const StepMetricsSchema = z.strictObject({
  /** The model that answered. */
  model: z.string(),
  /** Every input token, cached or not. */
  prompt_tokens: z.number().int().nonnegative(),
  /** Of `prompt_tokens`, read from the provider's prompt cache. */
  cache_read_tokens: z.number().int().nonnegative(),
  /** Of `prompt_tokens`, written to the provider's prompt cache. */
  cache_write_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  /** Of `completion_tokens`, spent reasoning (0 when the provider does not say). */
  reasoning_tokens: z.number().int().nonnegative(),
  /** USD; null when the model's price is unknown. */
  cost: z.number().nonnegative().nullable(),
  /** From the request to the whole answer, retries included, by the conversation's clock. */
  latency_ms: z.number().int().nonnegative(),
});

/**
 * The sections a condensation's summary is asked for, as the model wrote them. Each is plain text,
 * bounded; an empty string when the model left a section out.
 */
export const SummarySectionsSchema = z.strictObject({
  goal: z.string(),
  files: z.string(),
  decisions: z.string(),
  open_tasks: z.string(),
  current_state: z.string(),
});

export type StepMetrics = z.infer<typeof StepMetricsSchema>;
export type SummarySections = z.infer<typeof SummarySectionsSchema>;
