import { z } from 'zod';
import type { LLMScript } from '../../src/runtime/llm/llm-script';

/**
 * Zod twin of LLMScript (src/runtime/llm/llm-script.ts), used where a script crosses a process
 * boundary: POST /__mock/script and `main.ts --script file.json`. Strict, so a typo in a field name
 * fails loudly instead of silently scripting the wrong turn.
 */
const ScriptToolCallSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string(),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
});

const ReplyTurnSchema = z.strictObject({
  text: z.string().optional(),
  reasoning: z.string().optional(),
  tool_calls: z.array(ScriptToolCallSchema).optional(),
  usage: z
    .strictObject({ prompt_tokens: z.number().int().min(0), completion_tokens: z.number().int().min(0) })
    .optional(),
  delay_ms: z.number().min(0).optional(),
  chunk_delay_ms: z.number().min(0).optional(),
  chunk_size: z.number().int().positive().optional(),
  no_stream: z.boolean().optional(),
});

const FailTurnSchema = z.strictObject({
  fail: z.enum([
    'rate_limit',
    'server_error',
    'auth',
    'not_found',
    'quota',
    'bad_request',
    'context_overflow',
    'hang',
    'drop_stream',
    'garbage',
  ]),
  retry_after_s: z.number().min(0).optional(),
  partial_text: z.string().optional(),
  message: z.string().optional(),
});

const ScriptTurnSchema = z.union([FailTurnSchema, ReplyTurnSchema]);

export const LLMScriptSchema: z.ZodType<LLMScript> = z.strictObject({
  turns: z.array(ScriptTurnSchema),
  fallback: ScriptTurnSchema.optional(),
});
