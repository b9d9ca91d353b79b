import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import type { LLMConfig } from './llm-config';
import { createAiSdkLLM } from './create-ai-sdk-llm';
import type { ChatMessage, LLMDelta, LLMRequest, LLMResponse } from './llm';
import { SIDE_CALL_REASONING_HEADROOM, STEP_THINKING_BUDGET } from './provider-call-options';
import { testConnection } from './test-connection';

let mock: MockLLM;
beforeEach(async () => {
  mock = await startMockLLM();
});
afterEach(async () => {
  await mock.close();
});

const noRetry = { retry: { maxAttempts: 1 } };
const terminal = {
  name: 'terminal',
  description: 'Run a command',
  parameters: { type: 'object', properties: { command: { type: 'string' } } },
};
const user = (text: string): ChatMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const step = (messages: ChatMessage[], extra: Partial<LLMRequest> = {}): LLMRequest => ({
  messages: [{ role: 'system', content: 'You are a coding agent.' }, ...messages],
  tools: [terminal],
  ...extra,
});
const openai = (model: string): LLMConfig => ({
  provider: 'openai',
  model,
  base_url: mock.url,
  api_key: 'sk-k',
});
const anthropic = (model: string): LLMConfig => ({
  provider: 'anthropic',
  model,
  base_url: mock.url,
  api_key: 'sk-ant-k',
});

/** The assistant turn as the loop sends it back: text, reasoning with its signature, tool calls. */
function assistantTurn(response: LLMResponse): ChatMessage {
  return {
    role: 'assistant',
    content: response.text,
    ...(response.reasoning ? { reasoning: response.reasoning } : {}),
    ...(response.reasoning_signature ? { reasoning_signature: response.reasoning_signature } : {}),
    tool_calls: response.tool_calls,
  };
}

describe('OpenAI reasoning models go through the Responses API', () => {
  it('asks gpt-5 for reasoning summaries statelessly and streams the summary as reasoning deltas', async () => {
    mock.setScript({
      turns: [{ reasoning: 'The person greets me; answer briefly.', text: 'Hello there.', chunk_size: 5 }],
    });
    const llm = createAiSdkLLM(openai('gpt-5'), noRetry);
    const deltas: LLMDelta[] = [];
    const response = await llm.complete(step([user('hi')], { onDelta: (delta) => deltas.push(delta) }));

    expect(response).toMatchObject({
      id: 'resp_mock_1',
      reasoning: 'The person greets me; answer briefly.',
      text: 'Hello there.',
      tool_calls: [],
    });
    expect(response.usage.prompt_tokens).toBeGreaterThan(0);
    expect(response.usage.completion_tokens).toBeGreaterThan(0);
    const reasoning = deltas.filter((delta) => delta.kind === 'reasoning');
    expect(reasoning.length).toBeGreaterThan(1);
    expect(reasoning.map((delta) => delta.content).join('')).toBe('The person greets me; answer briefly.');
    expect(deltas.findIndex((delta) => delta.kind === 'text')).toBeGreaterThan(
      deltas.findLastIndex((delta) => delta.kind === 'reasoning'),
    );

    const [recorded] = mock.requests();
    expect(recorded).toMatchObject({ method: 'POST', path: '/v1/responses', authorization: 'Bearer sk-k' });
    expect(recorded?.body).toMatchObject({
      model: 'gpt-5',
      stream: true,
      store: false,
      reasoning: { summary: 'auto' },
      input: [
        { role: 'developer', content: 'You are a coding agent.' },
        { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
      ],
      tools: [{ type: 'function', name: 'terminal' }],
    });
    const body = recorded?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('temperature');
    expect(body.include ?? []).not.toContain('reasoning.encrypted_content');
  });

  it('runs a tool round trip: the second request carries the function_call and its output', async () => {
    mock.setScript({
      turns: [
        {
          reasoning: 'List the files first.',
          tool_calls: [{ id: 'call_ls', name: 'terminal', arguments: { command: 'ls' } }],
        },
        { reasoning: 'One file.', text: 'There is a.txt.' },
      ],
    });
    const llm = createAiSdkLLM(openai('o4-mini'), noRetry);
    const first = await llm.complete(step([user('what is here?')]));
    expect(first).toMatchObject({
      id: 'resp_mock_1',
      reasoning: 'List the files first.',
      tool_calls: [{ id: 'call_ls', name: 'terminal', arguments: '{"command":"ls"}' }],
    });
    const second = await llm.complete(
      step([
        user('what is here?'),
        assistantTurn(first),
        { role: 'tool', tool_call_id: 'call_ls', tool_name: 'terminal', content: 'a.txt' },
      ]),
    );
    expect(second).toMatchObject({ id: 'resp_mock_2', text: 'There is a.txt.', reasoning: 'One file.' });

    const input = (mock.requests()[1]?.body as { input: Record<string, unknown>[] } | undefined)?.input;
    expect(input).toEqual([
      { role: 'developer', content: 'You are a coding agent.' },
      { role: 'user', content: [{ type: 'input_text', text: 'what is here?' }] },
      { type: 'function_call', call_id: 'call_ls', name: 'terminal', arguments: '{"command":"ls"}' },
      { type: 'function_call_output', call_id: 'call_ls', output: 'a.txt' },
    ]);
    // Stateless: nothing refers to a stored response or item, and (above) no reasoning item goes back.
    expect(JSON.stringify(mock.requests()[1]?.body)).not.toMatch(/previous_response_id|item_reference/);
  });

  it('keeps non-reasoning OpenAI models on Chat Completions', async () => {
    mock.setScript({ turns: [{ text: 'ok' }] });
    await createAiSdkLLM(openai('gpt-4o'), noRetry).complete(step([user('hi')]));
    const compatible: LLMConfig = { provider: 'openai-compatible', model: 'o3', base_url: mock.url };
    await createAiSdkLLM(compatible, noRetry).complete(step([user('hi')]));
    expect(mock.requests().map((request) => request.path)).toEqual([
      '/v1/chat/completions',
      '/v1/chat/completions',
    ]);
    expect(mock.requests()[0]?.body).not.toHaveProperty('reasoning');
  });

  it('gives side calls room to reason so the visible answer is not empty', async () => {
    mock.setScript({
      turns: [
        { reasoning: 'A short title.', text: 'Fix the login bug' },
        { reasoning: 'Say OK.', text: 'OK' },
      ],
    });
    const llm = createAiSdkLLM(openai('gpt-5-mini'), noRetry);
    const title = await llm.complete({
      messages: [user('the login page crashes')],
      tools: [],
      maxOutputTokens: 24,
      purpose: 'title',
    });
    expect(title.text).toBe('Fix the login bug');
    expect(await testConnection(llm)).toMatchObject({ ok: true, model: 'gpt-5-mini' });

    const [titleRequest, testRequest] = mock
      .requests()
      .map((request) => request.body as Record<string, unknown>);
    expect(titleRequest).toMatchObject({
      max_output_tokens: 24 + SIDE_CALL_REASONING_HEADROOM,
      reasoning: { effort: 'minimal' },
      store: false,
    });
    expect(testRequest).toMatchObject({
      max_output_tokens: 16 + SIDE_CALL_REASONING_HEADROOM,
      reasoning: { effort: 'minimal' },
    });
    expect(titleRequest?.max_output_tokens).toBeGreaterThanOrEqual(1_024);
  });
});

describe('Anthropic extended thinking', () => {
  it('asks claude-sonnet-4 to think, and sends the signed thinking block back in the tool loop', async () => {
    mock.setScript({
      turns: [
        {
          reasoning: 'I should look at the files.',
          text: 'Looking.',
          tool_calls: [{ id: 'toolu_ls', name: 'terminal', arguments: { command: 'ls' } }],
        },
        { reasoning: 'Done looking.', text: 'There is a.txt.' },
      ],
    });
    const llm = createAiSdkLLM(anthropic('claude-sonnet-4-20250514'), noRetry);
    const first = await llm.complete(step([user('what is here?')]));
    expect(first).toMatchObject({
      reasoning: 'I should look at the files.',
      reasoning_signature: 'mock-signature',
      tool_calls: [{ id: 'toolu_ls' }],
    });
    const second = await llm.complete(
      step([
        user('what is here?'),
        assistantTurn(first),
        { role: 'tool', tool_call_id: 'toolu_ls', tool_name: 'terminal', content: 'a.txt' },
      ]),
    );
    expect(second.text).toBe('There is a.txt.');

    const [firstBody, secondBody] = mock.requests().map((request) => request.body as Record<string, unknown>);
    expect(firstBody).toMatchObject({ thinking: { type: 'enabled', budget_tokens: STEP_THINKING_BUDGET } });
    expect(firstBody?.max_tokens as number).toBeGreaterThan(STEP_THINKING_BUDGET);
    expect(firstBody).not.toHaveProperty('temperature');
    // Cache breakpoints at the end of the previous call's prompt and on the latest turn.
    const ephemeral = { cache_control: { type: 'ephemeral' } };
    expect(secondBody?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'what is here?', ...ephemeral }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I should look at the files.', signature: 'mock-signature' },
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', id: 'toolu_ls', name: 'terminal', input: { command: 'ls' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_ls', content: 'a.txt', ...ephemeral }],
      },
    ]);
  });

  it('does not think for titles, and leaves models without thinking alone', async () => {
    mock.setScript({ turns: [{ text: 'A title' }, { text: 'ok' }] });
    await createAiSdkLLM(anthropic('claude-opus-4-1'), noRetry).complete({
      messages: [user('x')],
      tools: [],
      maxOutputTokens: 24,
      purpose: 'title',
    });
    await createAiSdkLLM(anthropic('claude-3-5-haiku-latest'), noRetry).complete(step([user('x')]));
    for (const request of mock.requests()) expect(request.body).not.toHaveProperty('thinking');
    expect(mock.requests()[0]?.body).toMatchObject({ max_tokens: 24 });
  });
});
