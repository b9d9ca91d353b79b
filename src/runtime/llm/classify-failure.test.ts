import { APICallError, LoadAPIKeyError } from 'ai';
import { describe, expect, it } from 'vitest';
import { type FailureContext, classifyFailure } from './classify-failure';

const context: FailureContext = {
  provider: 'anthropic',
  model: 'claude-x',
  apiKey: 'sk-ant-secret-999',
  now: 0,
};

function httpError(statusCode: number, body: unknown, headers: Record<string, string> = {}) {
  return new APICallError({
    message: 'failed',
    url: 'http://x/v1/messages',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    responseBody: JSON.stringify(body),
  });
}

describe('classifyFailure', () => {
  it('reads Anthropic error bodies: overloaded 529 is a retryable server error', () => {
    const result = classifyFailure(
      httpError(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      context,
    );
    expect(result).toMatchObject({ retryable: true, error: { code: 'server', status: 529 } });
    expect(result.error.detail).toContain('Anthropic had a server error (529): Overloaded');
  });

  it('treats a 400 about credit balance as quota, not a bad request', () => {
    const body = {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'Your credit balance is too low to access the Anthropic API.',
      },
    };
    expect(classifyFailure(httpError(400, body), context)).toMatchObject({
      retryable: false,
      error: { code: 'quota' },
    });
  });

  it('treats 402 as quota and 403 as auth', () => {
    expect(
      classifyFailure(httpError(402, { error: { message: 'Insufficient credits' } }), context).error.code,
    ).toBe('quota');
    expect(classifyFailure(httpError(403, { error: { message: 'forbidden' } }), context).error.code).toBe(
      'auth',
    );
  });

  it('passes the Retry-After of a 429 along', () => {
    expect(classifyFailure(httpError(429, {}, { 'retry-after': '4' }), context)).toMatchObject({
      retryable: true,
      retryAfterMs: 4000,
    });
  });

  it('redacts the key when a provider echoes it', () => {
    const result = classifyFailure(
      httpError(400, { error: { message: 'bad header x-api-key: sk-ant-secret-999' } }),
      context,
    );
    expect(result.error.detail).not.toContain('sk-ant-secret-999');
    expect(result.error.detail).toContain('‹secret:api-key›');
  });

  it('maps a missing key to auth and a refused connection to retryable network', () => {
    expect(classifyFailure(new LoadAPIKeyError({ message: 'missing' }), context).error.code).toBe('auth');
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(classifyFailure(refused, context)).toMatchObject({ retryable: true, error: { code: 'network' } });
  });

  it('treats a mid-stream overloaded error event as retryable, anything unknown as bad_response', () => {
    expect(classifyFailure({ type: 'overloaded_error', message: 'Overloaded' }, context)).toMatchObject({
      retryable: true,
      error: { code: 'server' },
    });
    expect(classifyFailure(new Error('weird'), context)).toMatchObject({
      retryable: false,
      error: { code: 'bad_response' },
    });
  });

  it('tells a context overflow apart from other 400s, though both may say "too long"', () => {
    const openai = { ...context, provider: 'openai' as const };
    const overflow = classifyFailure(
      httpError(400, {
        error: {
          message: "This model's maximum context length is 8192 tokens.",
          code: 'context_length_exceeded',
        },
      }),
      openai,
    );
    expect(overflow).toMatchObject({ retryable: false, error: { code: 'context_overflow', status: 400 } });
    expect(overflow.repair).toBeUndefined();
    const anthropic = httpError(400, {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' },
    });
    expect(classifyFailure(anthropic, context).error.code).toBe('context_overflow');
    expect(
      classifyFailure(httpError(413, { error: { message: 'Request too large' } }), context).error.code,
    ).toBe('context_overflow');
    const longId = httpError(400, {
      error: {
        message:
          "Invalid 'messages[2].tool_calls[0].id': string too long. Expected a string with maximum length 40, but got a string with length 41 instead.",
      },
    });
    expect(classifyFailure(longId, openai)).toMatchObject({
      error: { code: 'bad_request' },
      repair: 'strict',
    });
  });

  it.each([
    ['messages.1.content.1.tool_use.id: String should match pattern', 'strict'],
    ['messages.3: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1', 'flat'],
    [
      "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      'flat',
    ],
    ['messages: text content blocks must contain non-whitespace text', 'strict'],
    [
      'messages.0.content.1.image.source.base64.media_type: Input should be one of image/jpeg, image/png',
      'strict',
    ],
    ["Invalid 'messages[3].function.name': string does not match pattern.", 'strict'],
    ['messages.1.content.0.thinking.signature: Field required', 'strict'],
    ['messages.2.reasoning_content: Extra inputs are not permitted', 'strict'],
    ['messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_9', 'flat'],
    ['No tool call found for function call output with call_id call_7.', 'flat'],
    [
      'messages: all messages must have non-empty content except for the optional final assistant message',
      'strict',
    ],
  ] as const)('reads "%s" as fixable by the %s projection', (message, repair) => {
    const result = classifyFailure(httpError(400, { error: { message } }), context);
    expect(result).toMatchObject({ retryable: false, repair, error: { code: 'bad_request', status: 400 } });
  });

  it.each([
    'max_tokens: Field required',
    'Unrecognized request argument supplied: frequency_boost',
    'temperature: Input should be less than or equal to 1',
  ])('reads "%s" as nothing the history can fix, and says what to check', (message) => {
    const result = classifyFailure(httpError(400, { error: { message } }), context);
    expect(result.repair).toBeUndefined();
    expect(result.error).toMatchObject({ code: 'bad_request', status: 400 });
    expect(result.error.detail).toContain(message);
    expect(result.error.detail).toMatch(/check the model name, base URL and provider in Settings/);
  });

  it.each([
    ['Unrecognized request argument supplied: prompt_cache_key', 400],
    ['system.0.cache_control: Extra inputs are not permitted', 400],
    ["body.prompt_cache_key: property 'prompt_cache_key' is unsupported", 422],
  ])('reads "%s" (%i) as a refused cache hint', (message, status) => {
    expect(classifyFailure(httpError(status, { error: { message } }), context).refusedCacheHint).toBe(true);
  });

  it('does not read a refusal that names no cache hint as one', () => {
    const result = classifyFailure(
      httpError(400, { error: { message: 'max_tokens: Field required' } }),
      context,
    );
    expect(result.refusedCacheHint).toBeUndefined();
  });
});
