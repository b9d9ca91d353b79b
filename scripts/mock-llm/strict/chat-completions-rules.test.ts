import { describe, expect, it } from 'vitest';
import { validateProviderRequest } from './validate-request';

type Message = Record<string, unknown>;

const check = (messages: Message[], extra: Record<string, unknown> = {}) =>
  validateProviderRequest('openai', { model: 'gpt-test', stream: true, messages, ...extra });

const call = (id: string, name = 'terminal') => ({
  id,
  type: 'function',
  function: { name, arguments: '{"command":"ls"}' },
});
const user: Message = { role: 'user', content: 'hi' };
const asking = (...calls: unknown[]): Message => ({ role: 'assistant', content: null, tool_calls: calls });
const answer = (id: string): Message => ({ role: 'tool', tool_call_id: id, content: 'ok' });
const tool = (name: string) => ({ type: 'function', function: { name, parameters: { type: 'object' } } });

describe('Chat Completions rules beyond the schema', () => {
  it('accepts a well-formed tool round trip with text and an image', () => {
    const picture = { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
    const messages = [
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: [{ type: 'text', text: 'look' }, picture] },
      asking(call('call_1'), call('call_2')),
      answer('call_2'),
      answer('call_1'),
      { role: 'assistant', content: 'Done.' },
    ];
    expect(check(messages, { tools: [tool('terminal')] })).toEqual([]);
  });

  it('checks function names in tools and tool calls', () => {
    expect(
      check([user, asking(call('call_1', 'run it')), answer('call_1')], { tools: [tool('a.b')] }),
    ).toEqual([
      'tools[0].function.name: function name must match ^[a-zA-Z0-9_-]{1,64}$',
      'messages[1].tool_calls[0].function.name: function name must match ^[a-zA-Z0-9_-]{1,64}$',
    ]);
  });

  it('refuses a function description over 1,024 characters, as OpenAI does', () => {
    const described = (length: number) => ({
      type: 'function',
      function: { name: 'terminal', description: 'x'.repeat(length), parameters: { type: 'object' } },
    });
    expect(check([user], { tools: [described(1024)] })).toEqual([]);
    expect(check([user], { tools: [described(1025)] })).toEqual([
      expect.stringMatching(/tools\[0\]\.function\.description.*at most 1024 characters \(got 1025\)/),
    ]);
  });

  it('refuses tool call ids longer than 40 characters', () => {
    const id = `call_${'x'.repeat(36)}`;
    expect(check([user, asking(call(id)), answer(id)])).toEqual([
      `messages[1].tool_calls[0].id: tool call id is 41 characters; at most 40 are allowed`,
    ]);
  });

  it('refuses an assistant message with neither content nor tool calls', () => {
    expect(check([user, { role: 'assistant', content: '' }, user])).toEqual([
      "messages[1]: an assistant message must have non-empty 'content' or 'tool_calls'",
    ]);
    expect(check([user, { role: 'assistant', content: null }, user])).toEqual([
      "messages[1]: an assistant message must have non-empty 'content' or 'tool_calls'",
    ]);
  });

  it('refuses a tool call left unanswered before the next non-tool message', () => {
    expect(check([user, asking(call('call_1'), call('call_2')), answer('call_1'), user])).toEqual([
      "messages[1]: an assistant message with 'tool_calls' must be followed by tool messages responding to each " +
        "'tool_call_id' before messages[3]; no response for: call_2",
    ]);
  });

  it('refuses a tool message that answers no call of the preceding assistant message', () => {
    expect(check([user, asking(call('call_1')), answer('call_1'), user, answer('call_1')])).toEqual([
      `messages[4].tool_call_id: messages with role 'tool' must answer a tool call of the preceding assistant message (no call "call_1")`,
    ]);
  });

  it('refuses the same tool call id twice in one request', () => {
    const messages = [
      user,
      asking(call('call_1')),
      answer('call_1'),
      asking(call('call_1')),
      answer('call_1'),
    ];
    expect(check(messages)).toEqual([
      'messages[3].tool_calls[0].id: duplicate tool call id "call_1" (also at messages[1].tool_calls[0])',
    ]);
  });

  it('refuses blank user text parts', () => {
    expect(check([{ role: 'user', content: [{ type: 'text', text: '  ' }] }])).toEqual([
      'messages[0].content[0].text: text content parts must contain non-whitespace text',
    ]);
  });

  it('accepts images as data URLs of png, jpeg, webp or gif only', () => {
    const image = (url: string) => [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }];
    expect(check(image('data:image/jpeg;base64,/9j/4AAQ'))).toEqual([]);
    expect(check(image('data:image/svg+xml;base64,PHN2Zz4='))).toEqual([
      'messages[0].content[0].image_url.url: image must be a base64 data URL of image/png, image/jpeg, image/webp or image/gif (got "data:image/svg+xml;base64,PHN2Zz4=")',
    ]);
    expect(check(image('data:image/png;base64,'))).toHaveLength(1);
  });
});
