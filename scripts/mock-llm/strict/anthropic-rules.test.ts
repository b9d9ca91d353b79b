import { describe, expect, it } from 'vitest';
import { validateProviderRequest } from './validate-request';

type Message = Record<string, unknown>;

function request(messages: Message[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'claude-test', max_tokens: 4096, stream: true, messages, ...extra };
}

const check = (body: unknown) => validateProviderRequest('anthropic', body);

const toolUse = (id: string, name = 'terminal') => ({ type: 'tool_use', id, name, input: { command: 'ls' } });
const toolResult = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });
const user = (content: unknown): Message => ({ role: 'user', content });
const assistant = (content: unknown): Message => ({ role: 'assistant', content });

describe('Anthropic Messages rules beyond the schema', () => {
  it('accepts a well-formed tool round trip with thinking and an image', () => {
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
    };
    const body = request(
      [
        user([{ type: 'text', text: 'look' }, image]),
        assistant([{ type: 'text', text: 'Running it.' }, toolUse('toolu_01')]),
        user([toolResult('toolu_01'), { type: 'text', text: 'and now?' }]),
      ],
      {
        system: 'You are terse.',
        thinking: { type: 'enabled', budget_tokens: 1024 },
        tools: [{ name: 'terminal', input_schema: { type: 'object', properties: {} } }],
      },
    );
    expect(check(body)).toEqual([]);
  });

  it('refuses empty content except on the final assistant message', () => {
    expect(check(request([user('hi'), assistant(''), user('again')]))).toEqual([
      'messages.1: all messages must have non-empty content except for the optional final assistant message',
    ]);
    expect(check(request([user([])]))).toEqual([
      'messages.0: all messages must have non-empty content except for the optional final assistant message',
    ]);
    expect(check(request([user('hi'), assistant('')]))).toEqual([]);
  });

  it('refuses text blocks and string content that are only whitespace', () => {
    expect(check(request([user([{ type: 'text', text: ' \n' }])]))).toEqual([
      'messages.0.content.0.text: text content blocks must contain non-whitespace text',
    ]);
    expect(check(request([user('\t')]))).toEqual([
      'messages.0.content: text content blocks must contain non-whitespace text',
    ]);
  });

  it('checks tool names, tool_use names and ids against their patterns', () => {
    const body = request(
      [user('hi'), assistant([toolUse('toolu 1', 'run.it')]), user([toolResult('toolu 1')])],
      {
        tools: [{ name: 'bad name', input_schema: { type: 'object' } }],
      },
    );
    expect(check(body)).toEqual([
      'tools.0.name: tool name must match ^[a-zA-Z0-9_-]{1,64}$',
      'messages.1.content.0.name: tool_use name must match ^[a-zA-Z0-9_-]{1,64}$',
      'messages.1.content.0.id: tool_use id must match ^[a-zA-Z0-9_-]+$',
    ]);
  });

  it('refuses a tool_use id used twice in the request', () => {
    const body = request([
      user('hi'),
      assistant([toolUse('toolu_1')]),
      user([toolResult('toolu_1')]),
      assistant([toolUse('toolu_1')]),
      user([toolResult('toolu_1')]),
    ]);
    expect(check(body)).toEqual([
      'messages.3.content.0.id: tool_use ids must be unique: "toolu_1" is also used at messages.1.content.0',
    ]);
  });

  it('refuses a tool_use not answered in the very next user message', () => {
    const body = request([user('hi'), assistant([toolUse('toolu_1')]), user('I never ran it')]);
    expect(check(body)).toEqual([
      'messages.1: tool_use ids were found without tool_result blocks immediately after: toolu_1. ' +
        'Each tool_use block must have a corresponding tool_result block in the next message',
    ]);
  });

  it('refuses a tool_result after other content, or answering no tool_use of the previous message', () => {
    const late = request([
      user('hi'),
      assistant([toolUse('toolu_1')]),
      user([{ type: 'text', text: 'first' }, toolResult('toolu_1')]),
    ]);
    expect(check(late)).toEqual([
      'messages.2.content.1: tool_result blocks must come before any other content in the message',
    ]);
    const stray = request([user('hi'), assistant('no tools'), user([toolResult('toolu_9')])]);
    expect(check(stray)).toEqual([
      'messages.2.content.0: unexpected tool_use_id found in tool_result blocks: toolu_9. ' +
        'Each tool_result block must have a corresponding tool_use block in the previous message',
    ]);
  });

  it('refuses images of other media types and empty base64 data, inside tool results too', () => {
    const gif = { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: '' } };
    const body = request([
      user('hi'),
      assistant([toolUse('toolu_1')]),
      user([{ type: 'tool_result', tool_use_id: 'toolu_1', content: [gif] }]),
    ]);
    expect(check(body)).toEqual([
      'messages.2.content.0.content.0.source.data: base64 image data must not be empty',
    ]);
    const bmp = { type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'Qk0=' } };
    expect(check(request([user([bmp])]))).toContain(
      'messages.0.content.0.source.media_type: image media type must be one of image/jpeg, image/png, image/gif, image/webp (got "image/bmp")',
    );
  });

  it('holds extended thinking to its budget and sampling limits', () => {
    const thinking = (budget: number, extra: Record<string, unknown> = {}) =>
      check(
        request([user('hi')], {
          max_tokens: 2000,
          thinking: { type: 'enabled', budget_tokens: budget },
          ...extra,
        }),
      );
    expect(thinking(1000)).toEqual(['thinking.budget_tokens: must be greater than or equal to 1024']);
    expect(thinking(2000)).toEqual([
      'thinking.budget_tokens: `max_tokens` must be greater than `budget_tokens`',
    ]);
    expect(thinking(1024, { temperature: 0.2, top_k: 5 })).toEqual([
      'temperature: temperature may only be set to 1 when thinking is enabled',
      'top_k: top_k is not supported when thinking is enabled',
    ]);
    expect(thinking(1024, { temperature: 1 })).toEqual([]);
    expect(check(request([user('hi')], { temperature: 0.2, top_k: 5 }))).toEqual([]);
  });

  it('refuses a blank system prompt', () => {
    expect(check(request([user('hi')], { system: ' ' }))).toEqual([
      'system: system prompt text must contain non-whitespace text when given',
    ]);
    expect(check(request([user('hi')], { system: [{ type: 'text', text: '' }] }))).toEqual([
      'system.0.text: text content blocks must contain non-whitespace text',
    ]);
  });
});
