import type { Dialect } from '../failure-bodies';
import { type Violation, formatPath, formatViolation } from './violation';

/**
 * The 400 a provider answers a request it refuses, in its own shape: OpenAI's
 * `{error:{message,type:'invalid_request_error',param,code}}` (param: the first violation's path) or
 * Anthropic's `{type:'error',error:{type:'invalid_request_error',message}}`. The message names every
 * violation, path first, so one failed test shows all that is wrong with the request. Pure.
 */
export function violationResponse(
  dialect: Dialect,
  violations: Violation[],
): { status: 400; body: Record<string, unknown> } {
  const style = dialect === 'anthropic' ? 'anthropic' : 'openai';
  const lines = violations.map((violation) => formatViolation(violation, style));
  const message =
    lines.length === 1 ? lines[0]! : `${lines.length} problems with this request: ${lines.join('; ')}`;
  if (dialect === 'anthropic')
    return { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message } } };
  const param = violations[0] && violations[0].path.length > 0 ? formatPath(violations[0].path, style) : null;
  return {
    status: 400,
    body: { error: { message, type: 'invalid_request_error', param, code: null } },
  };
}
