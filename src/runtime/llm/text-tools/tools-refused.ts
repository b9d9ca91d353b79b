import { LLMError } from '../llm';

/**
 * Words servers use when they refuse `tools` itself (Ollama's "does not support tools", vLLM's
 * "tool choice requires --enable-auto-tool-choice", an unknown `tools` argument), not a tool call or
 * result the history pairs wrongly ("tool_use ids", "tool_call_id", "tool messages"), which the
 * adapter repairs.
 */
const REFUSES_TOOLS =
  /(does not support|doesn't support|not supported|unsupported|not enabled|unrecognized request argument supplied|extra inputs are not permitted|unknown (?:field|parameter|argument))[^.\n]{0,60}\b(tools?|functions?|function[ _-]?call(?:ing)?|tool[ _-]?choice)\b|\b(tools?|functions?|function[ _-]?call(?:ing)?|tool[ _-]?choice)\b[^.\n]{0,60}(not supported|unsupported|not enabled|not allowed|not permitted|requires)/i;
const PAIRING = /tool_use|tool_result|tool_call_id|tool messages|tool call found/i;

/** True when the provider refused the request because it carried tools (a 400 or 422 naming them). */
export function toolsRefused(error: unknown): boolean {
  if (!(error instanceof LLMError) || error.code !== 'bad_request') return false;
  if (error.status !== undefined && error.status !== 400 && error.status !== 422) return false;
  return REFUSES_TOOLS.test(error.detail) && !PAIRING.test(error.detail);
}
