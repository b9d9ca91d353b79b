import { createOpenAI } from '@ai-sdk/openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from './mock-llm-server';
import { responsesEvents } from './responses-events';

const identity = {
  id: 'resp_mock_7',
  model: 'gpt-5',
  created: 1_700_000_000,
  toolCallIdPrefix: 'call_7',
  promptTokens: 12,
};
const turn = {
  reasoning: 'Think first.',
  text: 'Hello.',
  tool_calls: [{ name: 'terminal', arguments: '{"command": "ls' }],
  chunk_size: 4,
};

describe('responsesEvents', () => {
  it('names every event by its type and numbers them in order, from created to completed', () => {
    const events = responsesEvents(turn, identity);
    for (const [index, event] of events.entries()) {
      expect(event.data).toMatchObject({ type: event.event, sequence_number: index });
    }
    expect(events.at(0)?.event).toBe('response.created');
    expect(events.at(-1)).toMatchObject({
      event: 'response.completed',
      data: {
        response: {
          id: 'resp_mock_7',
          status: 'completed',
          usage: { input_tokens: 12, output_tokens: expect.any(Number), total_tokens: expect.any(Number) },
          output: [
            { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Think first.' }] },
            { type: 'message', content: [{ type: 'output_text', text: 'Hello.' }] },
            { type: 'function_call', call_id: 'call_7_0', name: 'terminal', arguments: '{"command": "ls' },
          ],
        },
      },
    });
  });

  it('streams the summary, the text and the raw arguments in pieces that join to the scripted values', () => {
    const events = responsesEvents(turn, identity);
    const joined = (type: string) =>
      events
        .filter((event) => event.event === type)
        .map((event) => (event.data as { delta: string }).delta)
        .join('');
    expect(joined('response.reasoning_summary_text.delta')).toBe('Think first.');
    expect(joined('response.output_text.delta')).toBe('Hello.');
    expect(joined('response.function_call_arguments.delta')).toBe('{"command": "ls');
    expect(events.filter((event) => event.event === 'response.output_text.delta').length).toBe(2);
  });
});

describe('the Responses dialect of the mock, read by the AI SDK', () => {
  let mock: MockLLM;
  beforeEach(async () => {
    mock = await startMockLLM();
  });
  afterEach(async () => {
    await mock.close();
  });

  it('answers a request without stream with one response object the SDK understands', async () => {
    mock.setScript({
      turns: [
        {
          reasoning: 'Think first.',
          text: 'Hello.',
          tool_calls: [{ name: 'terminal', arguments: { a: 1 } }],
        },
      ],
    });
    const model = createOpenAI({ baseURL: mock.url, apiKey: 'sk-k' }).responses('gpt-5');
    const result = await model.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      providerOptions: { openai: { store: false, reasoningSummary: 'auto' } },
    });
    expect(result.content).toMatchObject([
      { type: 'reasoning', text: 'Think first.' },
      { type: 'text', text: 'Hello.' },
      { type: 'tool-call', toolCallId: 'call_1_0', toolName: 'terminal', input: '{"a":1}' },
    ]);
    expect(result.response?.id).toBe('resp_mock_1');
    expect(mock.requests()[0]).toMatchObject({ path: '/v1/responses', body: { model: 'gpt-5' } });
  });
});
