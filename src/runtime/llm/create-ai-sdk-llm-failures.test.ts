import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { type AiSdkLLMOptions, createAiSdkLLM } from './create-ai-sdk-llm';
import { LLMError, type LLMDelta, type LLMRequest } from './llm';
import type { LLMScript } from './llm-script';

const API_KEY = 'sk-test-key-0123456789';
let mock: MockLLM;
let sleeps: number[];
beforeEach(async () => {
  mock = await startMockLLM();
  sleeps = [];
});
afterEach(async () => {
  await mock.close();
});

/** Fast and observable: records each backoff instead of waiting it out; jitter fixed at its midpoint. */
function llmFor(script: LLMScript, options: AiSdkLLMOptions = {}) {
  mock.setScript(script);
  return createAiSdkLLM(
    { provider: 'openai-compatible', model: 'mock-model', base_url: mock.url, api_key: API_KEY },
    {
      retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 10_000 },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      ...options,
    },
  );
}

function request(overrides: Partial<LLMRequest> = {}): LLMRequest {
  return { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [], ...overrides };
}

async function failure(promise: Promise<unknown>): Promise<LLMError> {
  const error = await promise.then(
    () => undefined,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(LLMError);
  return error as LLMError;
}

describe('createAiSdkLLM retries', () => {
  it('retries a 429 after the Retry-After the server asked for, then succeeds', async () => {
    const retries: [string, number, number][] = [];
    const llm = llmFor({ turns: [{ fail: 'rate_limit', retry_after_s: 2 }, { text: 'after the wait' }] });
    const response = await llm.complete(
      request({ onRetry: (error, attempt, delayMs) => retries.push([error.code, attempt, delayMs]) }),
    );
    expect(response.text).toBe('after the wait');
    expect(sleeps).toEqual([2000]);
    expect(retries).toEqual([['rate_limit', 2, 2000]]);
    expect(mock.requests()).toHaveLength(2);
  });

  it('caps a very long Retry-After at maxDelayMs', async () => {
    const llm = llmFor({ turns: [{ fail: 'rate_limit', retry_after_s: 3600 }, { text: 'ok' }] });
    await llm.complete(request());
    expect(sleeps).toEqual([10_000]);
  });

  it('retries 500s with growing backoff and gives up after maxAttempts with code server', async () => {
    const llm = llmFor({
      turns: [{ fail: 'server_error' }, { fail: 'server_error' }, { fail: 'server_error' }],
    });
    const error = await failure(llm.complete(request()));
    expect(error.code).toBe('server');
    expect(error.status).toBe(500);
    expect(mock.requests()).toHaveLength(3);
    expect(sleeps).toEqual([75, 150]);
  });

  it('recovers when a 500 is followed by a good reply', async () => {
    const llm = llmFor({ turns: [{ fail: 'server_error' }, { text: 'fine now' }] });
    expect((await llm.complete(request())).text).toBe('fine now');
  });

  it('retries a dropped stream after telling the listener to drop the partial text', async () => {
    const events: string[] = [];
    const llm = llmFor({ turns: [{ fail: 'drop_stream', partial_text: 'Half' }, { text: 'Whole answer' }] });
    const response = await llm.complete(
      request({
        onDelta: (delta: LLMDelta) => events.push(`${delta.kind}:${delta.content}`),
        onRetry: (error) => events.push(`retry:${error.code}`),
      }),
    );
    expect(response.text).toBe('Whole answer');
    expect(events).toEqual(['text:Half', 'retry:network', 'text:Whole answer']);
  });

  it('reports a stream that keeps dropping as network, in plain words', async () => {
    const llm = llmFor({
      turns: [{ fail: 'drop_stream' }, { fail: 'drop_stream' }, { fail: 'drop_stream' }],
    });
    const error = await failure(llm.complete(request()));
    expect(error.code).toBe('network');
    expect(error.detail).toMatch(/dropped in the middle of the reply/);
  });

  it('gives up on an unreachable endpoint as network after retrying', async () => {
    const llm = llmFor({ turns: [] });
    await mock.close();
    const error = await failure(llm.complete(request()));
    expect(error.code).toBe('network');
    expect(error.detail).toMatch(/Could not reach the model endpoint/);
    expect(sleeps).toHaveLength(2);
  });

  it('times out a silent server per attempt and reports timeout after retries', async () => {
    const llm = llmFor(
      { turns: [{ fail: 'hang' }, { fail: 'hang' }] },
      { requestTimeoutMs: 100, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } },
    );
    const error = await failure(llm.complete(request()));
    expect(error.code).toBe('timeout');
    expect(mock.requests()).toHaveLength(2);
  });
});

describe('createAiSdkLLM failures that need a person', () => {
  it('maps 401 to auth with no retry, and keeps the key out of the detail', async () => {
    const llm = llmFor({ turns: [{ fail: 'auth' }, { text: 'never reached' }] });
    const error = await failure(llm.complete(request()));
    expect(error).toMatchObject({ code: 'auth', status: 401 });
    expect(error.detail).toBe('The model endpoint rejected the API key (401). Check the key in Settings.');
    expect(mock.requests()).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(JSON.stringify(error) + error.message + error.stack).not.toContain(API_KEY);
  });

  it('maps 404 to not_found naming the model', async () => {
    const error = await failure(llmFor({ turns: [{ fail: 'not_found' }] }).complete(request()));
    expect(error.code).toBe('not_found');
    expect(error.detail).toMatch(/"mock-model".*Check the model name/);
    expect(mock.requests()).toHaveLength(1);
  });

  it('maps insufficient_quota to quota without retrying, although it is a 429', async () => {
    const error = await failure(
      llmFor({ turns: [{ fail: 'quota' }, { text: 'never' }] }).complete(request()),
    );
    expect(error.code).toBe('quota');
    expect(error.detail).toMatch(/out of quota or credit/);
    expect(mock.requests()).toHaveLength(1);
  });

  it('maps a 400 the history cannot explain to bad_request without retrying, quoting the provider', async () => {
    const error = await failure(
      llmFor({ turns: [{ fail: 'bad_request' }, { text: 'never' }] }).complete(request()),
    );
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
    expect(error.detail).toMatch(/Unrecognized request argument supplied: frequency_boost/);
    expect(error.detail).toMatch(/check the model name, base URL and provider in Settings/);
    expect(mock.requests()).toHaveLength(1);
  });

  it('maps a context overflow to its own code without retrying', async () => {
    const error = await failure(
      llmFor({ turns: [{ fail: 'context_overflow' }, { text: 'never' }] }).complete(request()),
    );
    expect(error.code).toBe('context_overflow');
    expect(error.detail).toMatch(/too long for the model's context window/);
    expect(mock.requests()).toHaveLength(1);
  });

  it('maps a 200 that is not a completion to bad_response without retrying', async () => {
    const error = await failure(
      llmFor({ turns: [{ fail: 'garbage' }, { text: 'never' }] }).complete(request()),
    );
    expect(error.code).toBe('bad_response');
    expect(mock.requests()).toHaveLength(1);
  });

  it('rejects a config without base URL with a detail saying what to set', async () => {
    const llm = createAiSdkLLM({ provider: 'openai-compatible', model: 'x' });
    const error = await failure(llm.complete(request()));
    expect(error.code).toBe('not_found');
    expect(error.detail).toMatch(/No base URL/);
  });
});

describe('createAiSdkLLM cancellation', () => {
  it('rejects aborted at once when the signal fires during a hanging request', async () => {
    const llm = llmFor({ turns: [{ fail: 'hang' }] });
    const controller = new AbortController();
    const pending = llm.complete(request({ signal: controller.signal }));
    // The request reached the server, which never answers: only the abort can end the call.
    await vi.waitFor(() => expect(mock.requests()).toHaveLength(1));
    controller.abort();
    const error = await failure(pending);
    expect(error.code).toBe('aborted');
    expect(mock.requests()).toHaveLength(1);
  });

  it('stops forwarding deltas once aborted mid-stream', async () => {
    const llm = llmFor({ turns: [{ text: 'a slow and long answer', chunk_size: 2, chunk_delay_ms: 30 }] });
    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = llm.complete(
      request({
        signal: controller.signal,
        onDelta: (delta) => {
          deltas.push(delta.content);
          if (deltas.length === 2) controller.abort();
        },
      }),
    );
    expect((await failure(pending)).code).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deltas).toHaveLength(2);
  });

  it('rejects aborted during a backoff wait without trying again', async () => {
    const controller = new AbortController();
    const llm = llmFor(
      { turns: [{ fail: 'server_error' }, { text: 'never' }] },
      { sleep: () => new Promise(() => undefined) },
    );
    const pending = llm.complete(
      request({ signal: controller.signal, onRetry: () => setTimeout(() => controller.abort(), 10) }),
    );
    expect((await failure(pending)).code).toBe('aborted');
    expect(mock.requests()).toHaveLength(1);
  });

  it('rejects aborted without a request when the signal already fired', async () => {
    const llm = llmFor({ turns: [{ text: 'never' }] });
    const error = await failure(llm.complete(request({ signal: AbortSignal.abort() })));
    expect(error.code).toBe('aborted');
    expect(mock.requests()).toHaveLength(0);
  });
});

describe('createAiSdkLLM when the provider refuses the history', () => {
  const history: LLMRequest['messages'] = [
    { role: 'user', content: [{ type: 'text', text: 'look' }] },
    {
      role: 'assistant',
      content: 'Looking.',
      tool_calls: [{ id: 'functions.terminal:0', name: 'terminal', arguments: '{"command":"ls"}' }],
    },
    { role: 'tool', tool_call_id: 'functions.terminal:0', tool_name: 'terminal', content: 'a.txt' },
    { role: 'user', content: [{ type: 'image', image_urls: ['data:image/png;base64,iVBORw0K'] }] },
  ];
  const tools = [{ name: 'terminal', description: 'Run', parameters: { type: 'object' } }];
  const refusal = "Invalid 'messages[1].tool_calls[0].id': string does not match pattern.";

  function sentMessages(index: number): unknown[] {
    return (mock.requests()[index]?.body as { messages?: unknown[] } | undefined)?.messages ?? [];
  }

  it('resends once in the strict form, tells the listener, and starts later calls repaired', async () => {
    const retries: [string, number, number][] = [];
    const llm = llmFor({
      turns: [{ fail: 'bad_request', message: refusal }, { text: 'fine now' }, { text: 'still fine' }],
    });
    const response = await llm.complete(
      request({
        messages: history,
        tools,
        onRetry: (error, attempt, delayMs) => retries.push([error.code, attempt, delayMs]),
      }),
    );
    expect(response.text).toBe('fine now');
    expect(retries).toEqual([['bad_request', 2, 0]]);
    expect(sleeps).toEqual([]);
    expect(JSON.stringify(sentMessages(0))).toContain('functions.terminal:0');
    expect(JSON.stringify(sentMessages(0))).toContain('image_url');
    const repaired = JSON.stringify(sentMessages(1));
    expect(repaired).not.toContain('functions.terminal:0');
    expect(repaired).toContain('"tool_call_id":"call_1"');
    expect(repaired).not.toContain('image_url');

    await llm.complete(request({ messages: history, tools }));
    expect(mock.requests()).toHaveLength(3);
    expect(JSON.stringify(sentMessages(2))).toBe(repaired);
  });

  it('flattens tool calls into text when the provider says calls and results do not pair', async () => {
    const llm = llmFor({
      turns: [
        {
          fail: 'bad_request',
          message: "messages with role 'tool' must be a response to a preceeding message with 'tool_calls'",
        },
        { text: 'ok' },
      ],
    });
    await llm.complete(request({ messages: history, tools }));
    const flat = sentMessages(1) as { role: string; tool_calls?: unknown }[];
    expect(flat.some((message) => message.role === 'tool' || message.tool_calls)).toBe(false);
    expect(JSON.stringify(flat)).toContain('[Called the tool terminal with {\\"command\\":\\"ls\\"}]');
  });

  it('resends only once: a second refusal is an error a person can act on', async () => {
    const llm = llmFor({
      turns: [
        { fail: 'bad_request', message: refusal },
        { fail: 'bad_request', message: refusal },
        { text: 'never' },
      ],
    });
    const error = await failure(llm.complete(request({ messages: history, tools })));
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
    expect(error.detail).toContain('string does not match pattern');
    expect(error.detail).toMatch(/sent again in a simpler form and refused again/);
    expect(mock.requests()).toHaveLength(2);
  });

  it('Anthropic: a resend without the signed thinking also goes without extended thinking', async () => {
    mock.setScript({
      turns: [
        { fail: 'bad_request', message: 'messages.1.content.0.thinking.signature: Invalid signature' },
        { text: 'ok' },
      ],
    });
    const llm = createAiSdkLLM(
      { provider: 'anthropic', model: 'claude-sonnet-4-5', base_url: mock.url, api_key: API_KEY },
      { retry: { maxAttempts: 1 } },
    );
    const messages: LLMRequest['messages'] = [
      { role: 'user', content: [{ type: 'text', text: 'list' }] },
      {
        role: 'assistant',
        content: '',
        reasoning: 'I will list.',
        reasoning_signature: 'sig-1',
        tool_calls: [{ id: 'toolu_1', name: 'terminal', arguments: '{"command":"ls"}' }],
      },
      { role: 'tool', tool_call_id: 'toolu_1', tool_name: 'terminal', content: 'a.txt' },
    ];
    await llm.complete(request({ messages, tools }));
    const [first, resent] = mock.requests().map((recorded) => recorded.body as Record<string, unknown>);
    expect(first?.thinking).toMatchObject({ type: 'enabled' });
    expect(JSON.stringify(first?.messages)).toContain('"signature":"sig-1"');
    expect(resent).not.toHaveProperty('thinking');
    expect(JSON.stringify(resent?.messages)).not.toContain('sig-1');
  });
});
