import type { Dialect } from './failure-bodies';

/**
 * The 400 a server without function calling answers a request that carries tools (Ollama's words for
 * a model without tool support), or null when the request carries none. Pure.
 */
export function toolsRefusal(
  dialect: Dialect,
  body: Record<string, unknown>,
): { status: 400; body: Record<string, unknown>; reason: string } | null {
  if (!Array.isArray(body.tools) || body.tools.length === 0) return null;
  const model = typeof body.model === 'string' ? body.model : 'this model';
  const reason = `${model} does not support tools`;
  if (dialect === 'anthropic')
    return {
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error', message: reason } },
      reason,
    };
  return {
    status: 400,
    body: { error: { message: reason, type: 'invalid_request_error', param: 'tools', code: null } },
    reason,
  };
}
