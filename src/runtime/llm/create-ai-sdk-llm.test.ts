import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import type { ToolSpec } from '../events';
import { type AiSdkLLMOptions, createAiSdkLLM } from './create-ai-sdk-llm';
import type { ChatMessage, LLMDelta, LLMRequest } from './llm';
import type { LLMScript } from './llm-script';

let mock: MockLLM;
beforeEach(async () => {
  mock = await startMockLLM();
});
afterEach(async () => {
  await mock.close();
});

const terminalTool: ToolSpec = {
  name: 'terminal',
  description: 'Run a shell command',
  parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
};
const hello: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }];

function llmFor(script: LLMScript, options: AiSdkLLMOptions = {}, model = 'mock-model') {
  mock.setScript(script);
  return createAiSdkLLM(
    { provider: 'openai-compatible', model, base_url: mock.url, api_key: 'sk-test-key-0123456789' },
    options,
  );
}

function request(overrides: Partial<LLMRequest> = {}): LLMRequest {
  return { messages: hello, tools: [terminalTool], ...overrides };
}

describe('createAiSdkLLM replies (openai-compatible, through the mock over HTTP)', () => {
  it('streams reasoning then text deltas in order, well before the promise resolves', async () => {
    const llm = llmFor({
      turns: [{ reasoning: 'Let me think.', text: 'The answer is 42.', chunk_size: 4, chunk_delay_ms: 15 }],
    });
    const deltas: (LLMDelta & { at: number })[] = [];
    const response = await llm.complete(
      request({ onDelta: (delta) => deltas.push({ ...delta, at: Date.now() }) }),
    );
    const resolvedAt = Date.now();

    expect(deltas.map((delta) => delta.kind)).toEqual([
      ...Array(4).fill('reasoning'),
      ...Array(5).fill('text'),
    ]);
    expect(
      deltas
        .filter((d) => d.kind === 'reasoning')
        .map((d) => d.content)
        .join(''),
    ).toBe('Let me think.');
    expect(
      deltas
        .filter((d) => d.kind === 'text')
        .map((d) => d.content)
        .join(''),
    ).toBe('The answer is 42.');
    // Streaming, not buffering: the first fragment came several chunk delays before the end.
    expect(resolvedAt - (deltas[0]?.at ?? resolvedAt)).toBeGreaterThanOrEqual(60);
    expect(response).toMatchObject({
      text: 'The answer is 42.',
      reasoning: 'Let me think.',
      tool_calls: [],
      finish_reason: 'stop',
    });
    expect(response.id).toBe('chatcmpl-mock-1');
  });

  it('assembles a tool call whose arguments were split across many chunks', async () => {
    const llm = llmFor({
      turns: [
        {
          tool_calls: [{ id: 'call_a', name: 'terminal', arguments: { command: 'ls -la /tmp' } }],
          chunk_size: 3,
        },
      ],
    });
    const response = await llm.complete(request());
    expect(response.tool_calls).toEqual([
      { id: 'call_a', name: 'terminal', arguments: '{"command":"ls -la /tmp"}' },
    ]);
    expect(response.finish_reason).toBe('tool_calls');
  });

  it('returns several tool calls in order with their own ids', async () => {
    const llm = llmFor({
      turns: [
        {
          text: 'Two things.',
          tool_calls: [
            { name: 'terminal', arguments: { command: 'pwd' } },
            { name: 'think', arguments: { thought: 'x' } },
          ],
        },
      ],
    });
    const response = await llm.complete(request());
    expect(response.text).toBe('Two things.');
    expect(response.tool_calls.map((call) => [call.id, call.name, call.arguments])).toEqual([
      ['call_1_0', 'terminal', '{"command":"pwd"}'],
      ['call_1_1', 'think', '{"thought":"x"}'],
    ]);
  });

  it('returns malformed tool-call arguments as the exact raw text the model produced', async () => {
    const raw = '{"command": "echo \\"unterminated';
    const llm = llmFor({
      turns: [{ tool_calls: [{ id: 'c1', name: 'terminal', arguments: raw }], chunk_size: 5 }],
    });
    const response = await llm.complete(request());
    expect(response.tool_calls).toEqual([{ id: 'c1', name: 'terminal', arguments: raw }]);
  });

  it('keeps well-formed arguments byte for byte (no re-serialisation)', async () => {
    const raw = '{ "command" : "ls",\n  "timeout": 10 }';
    const llm = llmFor({ turns: [{ tool_calls: [{ name: 'terminal', arguments: raw }] }] });
    const response = await llm.complete(request());
    expect(response.tool_calls[0]?.arguments).toBe(raw);
  });

  it('carries usage, prices known models from the table, and leaves an unknown price unknown', async () => {
    const usage = { prompt_tokens: 1_000_000, completion_tokens: 100_000 };
    const priced = await llmFor({ turns: [{ text: 'a', usage }] }, {}, 'gpt-4o-mini').complete(request());
    expect(priced.usage).toEqual({
      prompt_tokens: 1_000_000,
      completion_tokens: 100_000,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      reasoning_tokens: 0,
      cost: expect.closeTo(0.15 + 0.06, 6),
    });
    const unknown = await llmFor({ turns: [{ text: 'b', usage }] }, {}, 'some-local-model').complete(
      request(),
    );
    expect(unknown.usage).toEqual({
      ...usage,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      reasoning_tokens: 0,
      cost: null,
    });
  });

  it('accepts a server that answers plain JSON to a streaming request', async () => {
    const llm = llmFor({
      turns: [
        {
          text: 'not streamed',
          reasoning: 'hm',
          tool_calls: [{ id: 'j1', name: 'terminal', arguments: '{"command":"ls"' }],
          no_stream: true,
        },
      ],
    });
    const deltas: LLMDelta[] = [];
    const response = await llm.complete(request({ onDelta: (delta) => deltas.push(delta) }));
    expect(response).toMatchObject({
      text: 'not streamed',
      reasoning: 'hm',
      tool_calls: [{ id: 'j1', name: 'terminal', arguments: '{"command":"ls"' }],
    });
    expect(deltas).toEqual([
      { kind: 'reasoning', content: 'hm' },
      { kind: 'text', content: 'not streamed' },
    ]);
  });

  it('sends history as OpenAI chat messages: system, assistant tool calls, tool results by id', async () => {
    const llm = llmFor({ turns: [{ text: 'ok' }] });
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are careful.' },
      { role: 'user', content: [{ type: 'text', text: 'list files' }] },
      {
        role: 'assistant',
        content: 'Listing.',
        tool_calls: [{ id: 'c1', name: 'terminal', arguments: '{"command":"ls"}' }],
      },
      { role: 'tool', tool_call_id: 'c1', tool_name: 'terminal', content: 'a.txt\nb.txt' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'c2', name: 'terminal', arguments: '{"command": "oops' }],
      },
      { role: 'tool', tool_call_id: 'c2', tool_name: 'terminal', content: 'Could not parse the arguments.' },
    ];
    await llm.complete({ messages, tools: [terminalTool], maxOutputTokens: 50 });
    const body = mock.requests()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'mock-model',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 50,
    });
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'terminal',
          description: 'Run a shell command',
          parameters: terminalTool.parameters,
        },
      },
    ]);
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are careful.' },
      { role: 'user', content: 'list files' },
      {
        role: 'assistant',
        content: 'Listing.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'terminal', arguments: '{"command":"ls"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'a.txt\nb.txt' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'c2',
            type: 'function',
            function: {
              name: 'terminal',
              arguments: JSON.stringify({ unparsed_arguments: '{"command": "oops' }),
            },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c2', content: 'Could not parse the arguments.' },
    ]);
  });

  it('sends the API key as a bearer token and omits tools when there are none', async () => {
    const llm = llmFor({ turns: [{ text: 'ok' }] });
    await llm.complete({ messages: hello, tools: [] });
    const [recorded] = mock.requests();
    expect(recorded?.authorization).toBe('Bearer sk-test-key-0123456789');
    expect(recorded?.body).not.toHaveProperty('tools');
  });
});
