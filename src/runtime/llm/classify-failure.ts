import { APICallError, LoadAPIKeyError } from 'ai';
import type { LLMProvider } from '../events';
import { LLMError } from './llm';
import { providerErrorBody } from './provider-error-body';
import { repairForRejection } from './provider-projection-repair';
import type { RepairLevel } from './provider-projection-rules';
import { redactText } from '../secrets/redact-values';
import { retryAfterMs } from './retry-after';

export interface FailureContext {
  provider: LLMProvider;
  model: string;
  apiKey?: string;
  now: number;
}

/** One failed attempt, in our terms: the error a person would read, and whether to try again. */
export interface ClassifiedFailure {
  error: LLMError;
  retryable: boolean;
  /** What the server asked us to wait (Retry-After), if it said. */
  retryAfterMs?: number;
  /**
   * No connection was made: refused, or the host name did not resolve. Worth retrying in a run (a
   * local server may be starting), not when a person is waiting for an answer (a connection test).
   */
  unreachable?: boolean;
  /**
   * The provider refused the history itself (ids, names, blank content, images, reasoning, tool
   * pairing): the projection that should make it acceptable. Worth one more try with it.
   */
  repair?: RepairLevel;
  /**
   * The provider refused a prompt cache hint by name (`cache_control`, `prompt_cache_key`): an older
   * or stricter server. Worth one more try without the hints.
   */
  refusedCacheHint?: boolean;
}

// The words of a 400 naming a cache hint: Anthropic-style `…cache_control: Extra inputs are not
// permitted`, OpenAI-style `Unrecognized request argument supplied: prompt_cache_key`.
const CACHE_HINT = /cache_control|prompt_cache_key|cachecontrol|promptcachekey/i;

// Not "too long" alone: OpenAI says "string too long" of an id that is over 40 characters.
const CONTEXT_OVERFLOW =
  /context[_ ]length|context window|maximum context|too many tokens|prompt is too long|input is too long|reduce the length of the messages|tokens? > \d+ maximum/i;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
]);

/**
 * Maps whatever the AI SDK or fetch threw (or put in an `error` stream part) to an LLMError with
 * plain-words detail. Never throws; unknown shapes become `bad_response`. Caller-side cancellation
 * and our own idle timeout are decided by the caller, who knows why it aborted.
 */
export function classifyFailure(cause: unknown, context: FailureContext): ClassifiedFailure {
  const where = providerLabel(context.provider);
  const clean = (text: string) =>
    redactText(text, context.apiKey ? [{ name: 'api-key', value: context.apiKey }] : []);
  if (cause instanceof LLMError) return { error: cause, retryable: false };
  if (LoadAPIKeyError.isInstance(cause)) {
    return fail('auth', `No API key is set for ${where}. Add one in Settings.`, false);
  }
  // Before the status: a stream cut after a 200 arrives as an APICallError with status 200.
  const unreachable = unreachableReason(cause, where);
  if (unreachable) return { ...fail('network', clean(unreachable), true), unreachable: true };
  if (isNetworkError(cause) || (APICallError.isInstance(cause) && cause.statusCode === undefined)) {
    const dropped = cause instanceof Error && /terminated|other side closed|socket/i.test(errorChain(cause));
    const detail = dropped
      ? `The connection to ${where} dropped in the middle of the reply, and retrying did not help. Check the server and try again.`
      : `Could not reach ${where} (${clean(errorChain(cause))}). Check the base URL in Settings and that the server is running.`;
    return fail('network', detail, true);
  }
  if (APICallError.isInstance(cause) && cause.statusCode !== undefined) {
    return classifyStatus(cause.statusCode, cause, context, where, clean);
  }
  const streamed = providerErrorBody(cause);
  if (streamed.type && /overloaded|server_error|api_error/.test(streamed.type)) {
    return fail(
      'server',
      `${capitalize(where)} reported a server problem mid-reply (${streamed.type}). Try again later.`,
      true,
    );
  }
  const reason = cause instanceof Error ? cause.message : (streamed.message ?? String(cause));
  return fail(
    'bad_response',
    `${capitalize(where)} answered with something that is not a valid completion (${clean(reason).slice(0, 200)}). Check the base URL in Settings.`,
    false,
  );
}

function classifyStatus(
  status: number,
  cause: APICallError,
  context: FailureContext,
  where: string,
  clean: (text: string) => string,
): ClassifiedFailure {
  const body = providerErrorBody(cause.responseBody ?? '');
  const said = body.message ? `: ${clean(body.message).slice(0, 300)}` : '';
  const quotaLike = /insufficient_quota|billing|credit|quota exceeded|exceeded your current quota/i.test(
    `${body.code ?? ''} ${body.type ?? ''} ${body.message ?? ''}`,
  );
  if (status === 402 || (quotaLike && [400, 403, 429].includes(status))) {
    return fail(
      'quota',
      `${capitalize(where)} says the account is out of quota or credit (${status})${said}. Add credit or raise the limit with the provider, then try again.`,
      false,
      status,
    );
  }
  if (status === 401)
    return fail(
      'auth',
      `${capitalize(where)} rejected the API key (401). Check the key in Settings.`,
      false,
      status,
    );
  if (status === 403) {
    return fail(
      'auth',
      `${capitalize(where)} refused access (403)${said}. Check the API key and its permissions in Settings.`,
      false,
      status,
    );
  }
  if (status === 404) {
    return fail(
      'not_found',
      `${capitalize(where)} does not know the model "${context.model}" (404)${said}. Check the model name and base URL in Settings.`,
      false,
      status,
    );
  }
  if (status === 429) {
    const wait = retryAfterMs(cause.responseHeaders, context.now);
    return {
      ...fail(
        'rate_limit',
        `${capitalize(where)} kept rate limiting the requests (429)${said}. Wait a little and try again.`,
        true,
        status,
      ),
      retryAfterMs: wait,
    };
  }
  if (status === 408)
    return fail('timeout', `${capitalize(where)} timed out (408). Try again.`, true, status);
  if (status >= 500) {
    return fail(
      'server',
      `${capitalize(where)} had a server error (${status})${said}. Try again later or check the provider's status page.`,
      true,
      status,
    );
  }
  if (status === 413 || CONTEXT_OVERFLOW.test(`${body.code ?? ''} ${body.message ?? ''}`)) {
    return fail(
      'context_overflow',
      `The conversation is too long for the model's context window (${status})${said}. Condense it or choose a model with a larger context.`,
      false,
      status,
    );
  }
  const refused = status === 400 || status === 422;
  const hint = refused && CACHE_HINT.test(body.message ?? '') ? { refusedCacheHint: true } : {};
  const repair = refused ? repairForRejection(body.message ?? '') : undefined;
  if (repair) {
    return {
      ...hint,
      ...fail(
        'bad_request',
        `${capitalize(where)} refused the conversation as it was sent (${status})${said}. It was sent again in a simpler form and refused again: choose another model, or fork the conversation from an earlier message.`,
        false,
        status,
      ),
      repair,
    };
  }
  return {
    ...hint,
    ...fail(
      'bad_request',
      `${capitalize(where)} rejected the request (${status})${said}. Nothing in the conversation explains it: check the model name, base URL and provider in Settings.`,
      false,
      status,
    ),
  };
}

function fail(
  code: LLMError['code'],
  detail: string,
  retryable: boolean,
  status?: number,
): ClassifiedFailure {
  return { error: new LLMError(code, detail, status), retryable };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function providerLabel(provider: LLMProvider): string {
  if (provider === 'openai') return 'OpenAI';
  if (provider === 'anthropic') return 'Anthropic';
  return 'the model endpoint';
}

function isNetworkError(cause: unknown): boolean {
  let current: unknown = cause;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (current instanceof TypeError && /^(fetch failed|terminated)$/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Plain words for a connection that was never made (refused, or a host name that does not resolve),
 * else undefined. Node puts the address or host on the system error it chains under fetch's error.
 */
function unreachableReason(cause: unknown, where: string): string | undefined {
  let current: unknown = cause;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code, address, port, hostname } = current as Error & {
      code?: unknown;
      address?: unknown;
      port?: unknown;
      hostname?: unknown;
    };
    if (code === 'ECONNREFUSED') {
      const at =
        typeof address === 'string' ? ` at ${address}${typeof port === 'number' ? `:${port}` : ''}` : '';
      return `Could not reach ${where}. Nothing is listening${at} (connection refused): check the base URL in Settings and that the server is running.`;
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      const host = typeof hostname === 'string' ? `"${hostname}"` : 'the host name';
      return `Could not reach ${where}. The host ${host} was not found: check the base URL in Settings.`;
    }
    current = current.cause;
  }
  return undefined;
}

/** "message (cause message)" down the cause chain: where the useful words usually are. */
function errorChain(cause: unknown): string {
  const messages: string[] = [];
  let current: unknown = cause;
  for (let depth = 0; current instanceof Error && depth < 4; depth += 1) {
    messages.push(current.message);
    current = current.cause;
  }
  return messages.join(': ') || String(cause);
}
