import { describe, expect, it } from 'vitest';
import { closeOpenObjects } from './schema-validators';
import { validateProviderRequest } from './validate-request';

const chat = (extra: Record<string, unknown> = {}) =>
  validateProviderRequest('openai', {
    model: 'gpt-test',
    messages: [{ role: 'user', content: 'hi' }],
    ...extra,
  });
const responses = (extra: Record<string, unknown> = {}) =>
  validateProviderRequest('responses', { model: 'gpt-test', input: 'hi', ...extra });
const messages = (extra: Record<string, unknown> = {}) =>
  validateProviderRequest('anthropic', {
    model: 'claude-test',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'hi' }],
    ...extra,
  });

describe('OpenAI Chat Completions schema (CreateChatCompletionRequest)', () => {
  it('accepts what the AI SDK sends, nullable fields included', () => {
    const tool = {
      type: 'function',
      function: {
        name: 'terminal',
        description: 'Runs a command',
        parameters: {
          type: 'object',
          properties: { command: { type: 'string' } },
          additionalProperties: false,
        },
        strict: true,
      },
    };
    const body = {
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: null,
      temperature: 0.3,
      tools: [tool],
      tool_choice: 'auto',
    };
    expect(chat(body)).toEqual([]);
  });

  it('refuses unknown properties at the top level and inside messages', () => {
    expect(chat({ frequency_boost: 2 })).toEqual([
      'frequency_boost: unknown property: the request schema does not declare it',
    ]);
    const withReasoning = chat({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello', reasoning_content: 'hmm' },
      ],
    });
    expect(withReasoning).toEqual([
      'messages[1].reasoning_content: unknown property: the request schema does not declare it',
    ]);
  });

  it('names the one shape a message means when it fails (its role), not every shape of the union', () => {
    expect(chat({ messages: [{ role: 'user', content: [{ type: 'text', text: 7 }] }] })).toEqual([
      'messages[0].content[0].text: must be string (got integer)',
    ]);
    expect(chat({ messages: [{ role: 'robot', content: 'hi' }] })).toEqual([
      'messages[0]: role must be one of "developer", "system", "user", "assistant", "tool", "function" (got "robot")',
    ]);
    expect(chat({ messages: [{ role: 'tool', content: 'ok' }] })).toEqual([
      'messages[0].tool_call_id: required property is missing',
    ]);
  });

  it('checks types, bounds and required properties', () => {
    expect(chat({ temperature: 3 })).toEqual(['temperature: must be <= 2']);
    expect(chat({ messages: [] })).toEqual(['messages: must NOT have fewer than 1 items']);
    expect(validateProviderRequest('openai', { messages: [{ role: 'user', content: 'hi' }] })).toEqual([
      'model: required property is missing',
    ]);
  });

  it('leaves free-form JSON (function parameters) open', () => {
    const tool = { type: 'function', function: { name: 't', parameters: { anything: { goes: true } } } };
    expect(chat({ tools: [tool] })).toEqual([]);
  });
});

describe('OpenAI Responses schema (CreateResponse)', () => {
  it('accepts a conversation with instructions, reasoning, tools and function call items', () => {
    const body = {
      instructions: 'Be terse.',
      stream: true,
      store: false,
      reasoning: { effort: 'low', summary: 'auto' },
      include: ['reasoning.encrypted_content'],
      tools: [{ type: 'function', name: 'terminal', parameters: { type: 'object' }, strict: false }],
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
        { type: 'function_call', call_id: 'call_1', name: 'terminal', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
        {
          type: 'message',
          id: 'msg_1',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Done.', annotations: [], logprobs: [] }],
        },
      ],
    };
    expect(responses(body)).toEqual([]);
  });

  it('refuses unknown properties and unknown item types', () => {
    expect(
      responses({ input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi', lang: 'en' }] }] }),
    ).toEqual(['input[0].content[0].lang: unknown property: the request schema does not declare it']);
    expect(responses({ messages: [] })).toEqual([
      'messages: unknown property: the request schema does not declare it',
    ]);
    // The published schema has no assistant message without id and status whose content is output_text:
    // EasyInputMessage content is input parts only.
    expect(
      responses({ input: [{ role: 'assistant', content: [{ type: 'output_text', text: 'Hi' }] }] }),
    ).toEqual([
      'input[0].content[0]: type must be one of "input_text", "input_image", "input_file" (got "output_text")',
    ]);
    const [violation] = responses({ input: [{ type: 'telepathy', call_id: 'x' }] });
    expect(violation).toMatch(/^input\[0\]: type must be one of .*"function_call".* \(got "telepathy"\)$/);
  });
});

describe('Anthropic Messages schema (MessageCreateParams from @anthropic-ai/sdk)', () => {
  it('accepts streaming and non-streaming requests', () => {
    expect(messages({ stream: true })).toEqual([]);
    expect(messages({ stream: false, system: [{ type: 'text', text: 'Be terse.' }] })).toEqual([]);
  });

  it('refuses missing required fields, unknown fields and header parameters in the body', () => {
    expect(
      validateProviderRequest('anthropic', { model: 'c', messages: [{ role: 'user', content: 'hi' }] }),
    ).toEqual(['max_tokens: required property is missing']);
    expect(messages({ workspace_id: 'w' })).toEqual([
      'workspace_id: unknown property: the request schema does not declare it',
    ]);
    expect(
      messages({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', lang: 'en' }] }] }),
    ).toEqual(['messages.0.content.0.lang: unknown property: the request schema does not declare it']);
  });

  it('names the block a content item means by its type', () => {
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png' } };
    expect(messages({ messages: [{ role: 'user', content: [image] }] })).toEqual([
      'messages.0.content.0.source.data: required property is missing',
      'messages.0.content.0.source.data: base64 image data must not be empty',
    ]);
    expect(messages({ stream: 'yes' })).toEqual(['stream: must be boolean (got string)']);
  });

  it('refuses a body that is not a JSON object', () => {
    expect(validateProviderRequest('anthropic', 'hello')).toEqual([
      '(body): the request body must be a JSON object',
    ]);
  });
});

describe('closeOpenObjects', () => {
  it('closes object schemas with declared properties and leaves declared openness and free-form objects', () => {
    const closed = closeOpenObjects({
      $defs: {
        A: { type: 'object', properties: { properties: { type: 'object', properties: { x: {} } } } },
        Open: { type: 'object', properties: { y: {} }, additionalProperties: true },
        FreeForm: { type: 'object' },
      },
    });
    expect(closed).toEqual({
      $defs: {
        A: {
          type: 'object',
          properties: { properties: { type: 'object', properties: { x: {} }, additionalProperties: false } },
          additionalProperties: false,
        },
        Open: { type: 'object', properties: { y: {} }, additionalProperties: true },
        FreeForm: { type: 'object' },
      },
    });
  });
});
