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
    expect(result.error.detail).toContain('[redacted]');
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
});
