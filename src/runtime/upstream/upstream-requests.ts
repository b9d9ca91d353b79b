import { z } from 'zod';
import { LLMConfigInputSchema } from '../conversation/llm-config-input';
import { UpstreamLLMSchema } from './upstream-llm';
import { UpstreamSecurityAnalyzerSchema } from './upstream-security-analyzer';

/** Request bodies of the upstream agent server's conversation operations, in upstream's shapes. */

export const AskAgentSchema = z.strictObject({
  question: z.string().trim().min(1, 'Ask a question').max(10_000),
});

/**
 * `{llm}`: upstream's `LLM` object, or ours (`{provider, model, base_url?, api_key?}`, tried first:
 * an upstream object has no `provider`).
 */
export const SwitchLLMSchema = z.strictObject({
  llm: z.union([LLMConfigInputSchema, UpstreamLLMSchema]),
});

/** `{security_analyzer}`: an upstream or our analyzer object, or null (upstream: no analyzer). */
export const SetSecurityAnalyzerSchema = z.strictObject({
  security_analyzer: UpstreamSecurityAnalyzerSchema.nullable(),
});

export type AskAgent = z.infer<typeof AskAgentSchema>;
export type SwitchLLM = z.infer<typeof SwitchLLMSchema>;
export type SetSecurityAnalyzer = z.infer<typeof SetSecurityAnalyzerSchema>;
