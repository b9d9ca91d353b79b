import { z } from 'zod';

/** The small mutable state of a conversation (CONTRACT §6). Each change is also logged as a ConversationStateUpdateEvent. */

export const ExecutionStatusSchema = z.enum([
  'idle',
  'running',
  'paused',
  'waiting_for_confirmation',
  'finished',
  'error',
  'stuck',
]);

export const RiskThresholdSchema = z.enum(['LOW', 'MEDIUM', 'HIGH']);

export const ConfirmationPolicySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('NeverConfirm') }),
  z.strictObject({ kind: z.literal('AlwaysConfirm') }),
  z.strictObject({
    kind: z.literal('ConfirmRisky'),
    threshold: RiskThresholdSchema.default('HIGH'),
    confirm_unknown: z.boolean().default(true),
  }),
]);

export const SecurityAnalyzerSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('LLMSecurityAnalyzer') }),
  z.strictObject({ kind: z.literal('PatternSecurityAnalyzer') }),
  z.strictObject({ kind: z.literal('EnsembleSecurityAnalyzer') }),
]);

export const StatsSchema = z.strictObject({
  /** Every input token sent, cached or not. */
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  /** USD; null once a call was counted whose model has no known price (the total is then unknown). */
  cost: z.number().nonnegative().nullable(),
  /** Of `prompt_tokens`, read from the provider's prompt cache. Absent in older records: 0. */
  cache_read_tokens: z.number().int().nonnegative().optional(),
  /** Of `prompt_tokens`, written to the provider's prompt cache. Absent in older records: 0. */
  cache_write_tokens: z.number().int().nonnegative().optional(),
});

export const LLMProviderSchema = z.enum(['openai-compatible', 'openai', 'anthropic']);

/** Where a model is served: http or https only (a `javascript:` or `file:` URL is never a model endpoint). */
export const BaseUrlSchema = z
  .url({ protocol: /^https?$/, error: 'base_url must be an http:// or https:// URL' })
  .max(2000);

/** The model a conversation uses, without secrets (the key lives in settings.json only). */
export const LLMPublicConfigSchema = z.strictObject({
  provider: LLMProviderSchema,
  model: z.string(),
  base_url: z.string().optional(),
  /** The model's name as an upstream client gave it (`mock`, `openai/gpt-4o`), answered back unchanged. */
  upstream_model: z.string().optional(),
});

export const DEFAULT_CONFIRMATION_POLICY: ConfirmationPolicy = {
  kind: 'ConfirmRisky',
  threshold: 'HIGH',
  confirm_unknown: true,
};
export const DEFAULT_SECURITY_ANALYZER: SecurityAnalyzer = { kind: 'EnsembleSecurityAnalyzer' };
export const EMPTY_STATS: Stats = { prompt_tokens: 0, completion_tokens: 0, cost: 0 };

export type ExecutionStatus = z.infer<typeof ExecutionStatusSchema>;
export type RiskThreshold = z.infer<typeof RiskThresholdSchema>;
export type ConfirmationPolicy = z.infer<typeof ConfirmationPolicySchema>;
export type SecurityAnalyzer = z.infer<typeof SecurityAnalyzerSchema>;
export type Stats = z.infer<typeof StatsSchema>;
export type LLMProvider = z.infer<typeof LLMProviderSchema>;
export type LLMPublicConfig = z.infer<typeof LLMPublicConfigSchema>;
