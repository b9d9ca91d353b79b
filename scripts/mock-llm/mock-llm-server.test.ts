import { afterEach, describe, expect, it } from 'vitest';
import type { LLMScript } from '../../src/runtime/llm/llm-script';
import { type MockLLM, startMockLLM } from './mock-llm-server';

let mock: MockLLM;
afterEach(async () => {
  await mock?.close();
});

async function start(script?: LLMScript, strict?: boolean): Promise<MockLLM> {
  mock = await startMockLLM({ script, strict });
  return mock;
}

function complete(body: Record<string, unknown>, init: RequestInit = {}): Promise<Response> {
  return fetch(`${mock.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }], ...body }),
    signal: init.signal,
  });
}

/** The JSON payloads of an SSE body, `[DONE]` kept as a string. */
function sseData(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice(6))
    .map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
}

describe('startMockLLM', () => {
  it('counts an inline image as a few tokens, not by the length of its base64', async () => {
    await start({ turns: [{ text: 'a' }, { text: 'b' }] });
    const image = `data:image/png;base64,${'A'.repeat(400_000)}`;
    const promptTokens = async (content: unknown) => {
      const response = await complete({
        stream: false,
        messages: [{ role: 'user', content }],
      });
      return ((await response.json()) as { usage: { prompt_tokens: number } }).usage.prompt_tokens;
    };
    const withImage = await promptTokens([
      { type: 'text', text: 'what is this?' },
      { type: 'image_url', image_url: { url: image } },
    ]);
    expect(withImage).toBeGreaterThan(0);
    expect(withImage).toBeLessThan(100);
  });

  it('listens on 127.0.0.1 with a base URL ending in /v1', async () => {
    await start();
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('streams a scripted reply as SSE chunks ending with usage and [DONE]', async () => {
    await start({ turns: [{ text: 'Hello world', chunk_size: 4 }] });
    const response = await complete({ stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = sseData(await response.text());
    expect(events.at(-1)).toBe('[DONE]');
    expect(events.at(-2)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
    const text = events
      .flatMap((event) =>
        typeof event === 'string' ? [] : (event as { choices: { delta: { content?: string } }[] }).choices,
      )
      .map((choice) => choice.delta.content ?? '')
      .join('');
    expect(text).toBe('Hello world');
  });

  it('answers plain JSON when the client does not stream, and for no_stream turns', async () => {
    await start({ turns: [{ text: 'one' }, { text: 'two', no_stream: true }] });
    const plain = await (await complete({})).json();
    expect(plain).toMatchObject({
      object: 'chat.completion',
      model: 'test-model',
      choices: [{ message: { content: 'one' } }],
    });
    const forced = await complete({ stream: true });
    expect(forced.headers.get('content-type')).toBe('application/json');
    expect(await forced.json()).toMatchObject({ choices: [{ message: { content: 'two' } }] });
  });

  it('plays turns in order, then the fallback, default "Done."', async () => {
    await start({ turns: [{ text: 'first' }] });
    const first = await (await complete({})).json();
    const after = await (await complete({})).json();
    expect([first.choices[0].message.content, after.choices[0].message.content]).toEqual(['first', 'Done.']);
  });

  it('records each request with its Authorization header and body, without requiring a key', async () => {
    await start();
    await complete({ stream: false }, { headers: { authorization: 'Bearer abc' } });
    await complete({});
    const [withKey, withoutKey] = mock.requests();
    expect(withKey).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      authorization: 'Bearer abc',
      turn_index: null,
    });
    expect(withKey?.body).toMatchObject({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(withoutKey?.authorization).toBeNull();
  });

  it('lists a model on GET /v1/models', async () => {
    await start();
    const models = await (await fetch(`${mock.url}/models`)).json();
    expect(models).toMatchObject({ object: 'list', data: [{ id: 'mock-model' }] });
  });

  it('answers 404 in the OpenAI error shape for unknown routes', async () => {
    await start();
    const response = await fetch(`${mock.url}/completions`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'unknown_url' } });
  });

  it.each([
    ['rate_limit', 429, 'rate_limit_exceeded'],
    ['quota', 429, 'insufficient_quota'],
    ['server_error', 500, null],
    ['auth', 401, 'invalid_api_key'],
    ['not_found', 404, 'model_not_found'],
    ['bad_request', 400, null],
    ['context_overflow', 400, 'context_length_exceeded'],
  ] as const)('fails %s with HTTP %i and code %s', async (fail, status, code) => {
    await start({ turns: [{ fail, retry_after_s: 3 }] });
    const response = await complete({ stream: true });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code } });
    if (fail === 'rate_limit') expect(response.headers.get('retry-after')).toBe('3');
  });

  it('hangs until the client aborts, and close() still returns promptly', async () => {
    await start({ turns: [{ fail: 'hang' }] });
    const controller = new AbortController();
    const pending = complete({ stream: true }, { signal: controller.signal });
    const outcome = await Promise.race([
      pending.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 150)),
    ]);
    expect(outcome).toBe('waiting');
    controller.abort();
    await expect(pending).rejects.toThrow();
    const started = Date.now();
    await mock.close();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('drops the stream mid-way: the partial text arrives, then the body errors', async () => {
    await start({ turns: [{ fail: 'drop_stream', partial_text: 'half an ans' }] });
    const response = await complete({ stream: true });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    const read = async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended cleanly';
        received += new TextDecoder().decode(value);
      }
    };
    await expect(read()).rejects.toThrow();
    expect(received).toContain('half an ans');
    expect(received).not.toContain('[DONE]');
  });

  it('answers garbage with HTTP 200 and a body that is not a completion', async () => {
    await start({ turns: [{ fail: 'garbage' }] });
    const response = await complete({ stream: true });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(() => JSON.parse(body)).toThrow();
    expect(body).not.toContain('data:');
  });

  it('speaks Anthropic Messages on /v1/messages: named events, thinking, text and tool_use blocks', async () => {
    await start({
      turns: [
        {
          reasoning: 'hmm',
          text: 'Hi',
          tool_calls: [{ id: 'toolu_x', name: 'terminal', arguments: '{"command"' }],
        },
      ],
    });
    const response = await fetch(`${mock.url}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'claude-test',
        max_tokens: 10,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    const text = await response.text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    expect(names[0]).toBe('message_start');
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(text).toContain('"thinking_delta"');
    expect(text).toContain('"text_delta"');
    expect(text).toContain(JSON.stringify({ type: 'input_json_delta', partial_json: '{"command"' }));
    expect(text).toContain('"stop_reason":"tool_use"');
    expect(mock.requests()[0]?.headers['x-api-key']).toBe('k');
  });

  it('fails in the Anthropic error shape on /v1/messages', async () => {
    await start({ turns: [{ fail: 'auth' }] });
    const response = await fetch(`${mock.url}/messages`, {
      method: 'POST',
      body: JSON.stringify({
        model: 'c',
        max_tokens: 10,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
  });

  it('takes scripts, serves recorded requests and resets over HTTP control endpoints', async () => {
    await start();
    const script: LLMScript = { turns: [{ text: 'from control' }] };
    const set = await fetch(`${mock.url}/__mock/script`, { method: 'POST', body: JSON.stringify(script) });
    expect(set.status).toBe(200);
    const reply = await (await complete({})).json();
    expect(reply.choices[0].message.content).toBe('from control');
    const recorded = await (await fetch(`${mock.url}/__mock/requests`)).json();
    expect(recorded).toHaveLength(1);
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    expect(mock.requests()).toEqual([]);
  });

  it('rejects an invalid script over HTTP with 400 and keeps the old one', async () => {
    await start({ turns: [{ text: 'kept' }] });
    const response = await fetch(`${mock.url}/__mock/script`, {
      method: 'POST',
      body: JSON.stringify({ turns: [{ fail: 'explode' }] }),
    });
    expect(response.status).toBe(400);
    const reply = await (await complete({})).json();
    expect(reply.choices[0].message.content).toBe('kept');
  });

  it('refuses a request OpenAI would refuse with 400 in its shape, consuming no turn, and records why', async () => {
    await start({ turns: [{ text: 'kept for the next good request' }] });
    const response = await complete({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'thinking aloud', reasoning_content: 'secret' },
      ],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: 'messages[1].reasoning_content: unknown property: the request schema does not declare it',
        type: 'invalid_request_error',
        param: 'messages[1].reasoning_content',
        code: null,
      },
    });
    const good = await (await complete({})).json();
    expect(good.choices[0].message.content).toBe('kept for the next good request');
    expect(mock.requests().map((request) => request.violations)).toEqual([
      ['messages[1].reasoning_content: unknown property: the request schema does not declare it'],
      [],
    ]);
  });

  it('refuses a request Anthropic would refuse with 400 in its shape, naming every violation', async () => {
    await start();
    const response = await fetch(`${mock.url}/messages`, {
      method: 'POST',
      body: JSON.stringify({
        model: 'c',
        max_tokens: 10,
        messages: [
          { role: 'user', content: '   ' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'run', input: {} }] },
        ],
      }),
    });
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(answer.error.message).toContain('2 problems with this request');
    expect(answer.error.message).toContain(
      'messages.0.content: text content blocks must contain non-whitespace text',
    );
    expect(answer.error.message).toContain('messages.1: tool_use ids were found without tool_result blocks');
    expect(mock.requests()[0]?.violations).toHaveLength(2);
  });

  it('with strict: false answers a violating request as usual and still records its violations', async () => {
    await start({ turns: [{ text: 'lenient' }] }, false);
    const reply = await (await complete({ frequency_boost: 1 })).json();
    expect(reply.choices[0].message.content).toBe('lenient');
    expect(mock.requests()[0]?.violations).toEqual([
      'frequency_boost: unknown property: the request schema does not declare it',
    ]);
  });
});
