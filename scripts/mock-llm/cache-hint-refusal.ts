import type { Dialect } from './failure-bodies';
import { promptBlocks } from './prompt-blocks';
import { formatPath } from './strict/violation';

/**
 * The 400 an older server answers a prompt cache hint it does not know, or null when the request
 * carries none: an Anthropic-compatible proxy refuses the first `cache_control` as an extra input
 * (the words of its pydantic validation), an OpenAI-compatible server the `prompt_cache_key`
 * argument (OpenAI's own words for an unknown argument). Pure.
 */
export function cacheHintRefusal(
  dialect: Dialect,
  body: Record<string, unknown>,
): { status: 400; body: Record<string, unknown>; reason: string } | null {
  if (dialect === 'anthropic') {
    const marked = promptBlocks(dialect, body).find((block) => block.breakpoint);
    if (!marked) return null;
    const reason = `${formatPath([...marked.path, 'cache_control'], 'anthropic')}: Extra inputs are not permitted`;
    return {
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error', message: reason } },
      reason,
    };
  }
  if (!('prompt_cache_key' in body)) return null;
  const reason = 'Unrecognized request argument supplied: prompt_cache_key';
  return {
    status: 400,
    body: {
      error: { message: reason, type: 'invalid_request_error', param: 'prompt_cache_key', code: null },
    },
    reason,
  };
}
