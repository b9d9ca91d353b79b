import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { validateProviderRequest } from '../../../scripts/mock-llm/strict/validate-request';
import { createAiSdkLLM } from './create-ai-sdk-llm';
import { LLMError, type LLMRequest } from './llm';

let mock: MockLLM;
beforeEach(async () => {
  mock = await startMockLLM();
});
afterEach(async () => {
  await mock.close();
});

const request: LLMRequest = {
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: [{ type: 'text', text: 'hi' }] },
  ],
  tools: [
    {
      name: 'terminal',
      description: 'Run',
      parameters: { type: 'object', properties: { command: { type: 'string' } } },
    },
  ],
};
const noRetry = { retry: { maxAttempts: 1 } };

describe('openai and anthropic providers against the mock (no real network)', () => {
  it('openai talks Chat Completions with a bearer key and streams tool calls back raw', async () => {
    mock.setScript({
      turns: [
        {
          text: 'Sure.',
          tool_calls: [{ id: 't1', name: 'terminal', arguments: '{"command":"ls"' }],
          chunk_size: 4,
        },
      ],
    });
    const llm = createAiSdkLLM(
      { provider: 'openai', model: 'gpt-4o-mini', base_url: mock.url, api_key: 'sk-openai-key-123456' },
      noRetry,
    );
    const response = await llm.complete(request);
    expect(response).toMatchObject({
      text: 'Sure.',
      tool_calls: [{ id: 't1', name: 'terminal', arguments: '{"command":"ls"' }],
    });
    const [recorded] = mock.requests();
    expect(recorded).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-openai-key-123456',
    });
    expect(validateProviderRequest('openai', recorded?.body)).toEqual([]);
    expect(recorded?.body).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
    });
  });

  it('openai maps a 401 to auth', async () => {
    mock.setScript({ turns: [{ fail: 'auth' }] });
    const llm = createAiSdkLLM(
      { provider: 'openai', model: 'gpt-4o', base_url: mock.url, api_key: 'sk-wrong-key-123456' },
      noRetry,
    );
    await expect(llm.complete(request)).rejects.toMatchObject({
      code: 'auth',
      detail: 'OpenAI rejected the API key (401). Check the key in Settings.',
    });
  });

  it('anthropic posts to /v1/messages with x-api-key and streams thinking, text and raw tool input back', async () => {
    mock.setScript({
      turns: [
        {
          reasoning: 'Considering.',
          text: 'Running it.',
          tool_calls: [{ id: 'toolu_1', name: 'terminal', arguments: '{"command": "ls' }],
          chunk_size: 4,
        },
      ],
    });
    const llm = createAiSdkLLM(
      {
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        base_url: mock.url,
        api_key: 'sk-ant-key-123456789',
      },
      noRetry,
    );
    const deltas: string[] = [];
    const response = await llm.complete({ ...request, onDelta: (delta) => deltas.push(delta.kind) });
    expect(response).toMatchObject({
      id: 'msg_mock_1',
      reasoning: 'Considering.',
      text: 'Running it.',
      tool_calls: [{ id: 'toolu_1', name: 'terminal', arguments: '{"command": "ls' }],
      finish_reason: 'tool_use',
    });
    expect(deltas.indexOf('text')).toBeGreaterThan(deltas.lastIndexOf('reasoning'));
    expect(response.usage.cost).toBeGreaterThan(0);
    const [recorded] = mock.requests();
    expect(recorded).toMatchObject({ method: 'POST', path: '/v1/messages', authorization: null });
    expect(recorded?.headers['x-api-key']).toBe('sk-ant-key-123456789');
    expect(validateProviderRequest('anthropic', recorded?.body)).toEqual([]);
    expect(recorded?.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      stream: true,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      tools: [{ name: 'terminal', input_schema: { type: 'object' } }],
    });
  });

  it.each([
    ['auth', 'auth'],
    ['quota', 'quota'],
    ['not_found', 'not_found'],
    ['bad_request', 'bad_request'],
    ['server_error', 'server'],
    ['rate_limit', 'rate_limit'],
  ] as const)('anthropic maps a scripted %s failure to %s', async (fail, code) => {
    mock.setScript({ turns: [{ fail }] });
    const llm = createAiSdkLLM(
      {
        provider: 'anthropic',
        model: 'claude-haiku-4-5',
        base_url: mock.url,
        api_key: 'sk-ant-key-123456789',
      },
      noRetry,
    );
    const error = await llm.complete(request).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(LLMError);
    expect((error as LLMError).code).toBe(code);
    expect((error as LLMError).detail).toMatch(/^(Anthropic|The conversation)/);
  });

  it('anthropic retries a dropped stream like the others', async () => {
    mock.setScript({ turns: [{ fail: 'drop_stream' }, { text: 'recovered' }] });
    const llm = createAiSdkLLM(
      { provider: 'anthropic', model: 'claude-haiku-4-5', base_url: mock.url, api_key: 'k' },
      { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } },
    );
    expect((await llm.complete(request)).text).toBe('recovered');
  });
});
