import type { FailTurn } from '../../src/runtime/llm/llm-script';

/** OpenAI Chat Completions, Anthropic Messages, or OpenAI Responses (errors shaped as OpenAI's). */
export type Dialect = 'openai' | 'anthropic' | 'responses';

export interface FailureResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

type StatusFailure = Exclude<FailTurn['fail'], 'hang' | 'drop_stream' | 'garbage'>;

/**
 * The HTTP answer of a scripted failure, shaped like the real provider's: OpenAI's
 * `{error:{message,type,code}}`, or Anthropic's `{type:'error', error:{type,message}}` (Anthropic
 * reports an empty credit balance as a 400, not a 429). Pure.
 */
export function failureResponse(
  turn: FailTurn & { fail: StatusFailure },
  dialect: Dialect,
  model: string,
): FailureResponse {
  const retryAfter = { 'retry-after': String(turn.retry_after_s ?? 1) };
  if (dialect === 'anthropic') {
    const anthropic = (
      status: number,
      type: string,
      message: string,
      headers: Record<string, string> = {},
    ) => ({
      status,
      body: { type: 'error', error: { type, message } },
      headers,
    });
    switch (turn.fail) {
      case 'rate_limit':
        return anthropic(
          429,
          'rate_limit_error',
          'Number of request tokens has exceeded your per-minute rate limit.',
          retryAfter,
        );
      case 'quota':
        return anthropic(
          400,
          'invalid_request_error',
          'Your credit balance is too low to access the Anthropic API.',
        );
      case 'server_error':
        return anthropic(500, 'api_error', 'Internal server error');
      case 'auth':
        return anthropic(401, 'authentication_error', 'invalid x-api-key');
      case 'not_found':
        return anthropic(404, 'not_found_error', `model: ${model}`);
      case 'bad_request':
        return anthropic(400, 'invalid_request_error', turn.message ?? 'max_tokens: Field required');
      case 'context_overflow':
        return anthropic(400, 'invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum');
    }
  }
  const openai = (
    status: number,
    message: string,
    type: string,
    code: string | null,
    headers: Record<string, string> = {},
  ) => ({
    status,
    body: openAIError(message, type, code),
    headers,
  });
  switch (turn.fail) {
    case 'rate_limit':
      return openai(
        429,
        'Rate limit reached for requests. Please try again shortly.',
        'requests',
        'rate_limit_exceeded',
        retryAfter,
      );
    case 'quota':
      return openai(
        429,
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      );
    case 'server_error':
      return openai(500, 'The server had an error while processing your request.', 'server_error', null);
    case 'auth':
      return openai(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    case 'not_found':
      return openai(
        404,
        `The model \`${model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    case 'bad_request':
      return openai(
        400,
        turn.message ?? 'Unrecognized request argument supplied: frequency_boost',
        'invalid_request_error',
        null,
      );
    case 'context_overflow':
      return openai(
        400,
        "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
        'invalid_request_error',
        'context_length_exceeded',
      );
  }
}

export function openAIError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}
