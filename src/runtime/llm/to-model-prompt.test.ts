import { describe, expect, it } from 'vitest';
import { toModelPrompt, toModelTools } from './to-model-prompt';

describe('toModelPrompt', () => {
  it('turns data: image URLs into inline files and other URLs into URL references', () => {
    const [message] = toModelPrompt([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', image_urls: ['data:image/png;base64,iVBORw0K', 'https://example.com/cat.jpg'] },
        ],
      },
    ]);
    expect(message).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'file', mediaType: 'image/png', data: 'iVBORw0K' },
        { type: 'file', mediaType: 'image/*', data: new URL('https://example.com/cat.jpg') },
      ],
    });
  });

  it('keeps reasoning on assistant turns and parses arguments into objects, wrapping non-objects', () => {
    const [message] = toModelPrompt([
      {
        role: 'assistant',
        content: '',
        reasoning: 'thinking',
        tool_calls: [
          { id: 'a', name: 'think', arguments: '{"thought":"x"}' },
          { id: 'b', name: 'finish', arguments: '' },
          { id: 'c', name: 'terminal', arguments: '[1,2]' },
        ],
      },
    ]);
    expect(message).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'thinking' },
        { type: 'tool-call', toolCallId: 'a', toolName: 'think', input: { thought: 'x' } },
        { type: 'tool-call', toolCallId: 'b', toolName: 'finish', input: {} },
        { type: 'tool-call', toolCallId: 'c', toolName: 'terminal', input: { unparsed_arguments: '[1,2]' } },
      ],
    });
  });

  it('sends signed reasoning with its signature as an Anthropic provider option', () => {
    const [message] = toModelPrompt([
      {
        role: 'assistant',
        content: 'done',
        reasoning: 'thought',
        reasoning_signature: 'sig-9',
        tool_calls: [],
      },
    ]);
    expect(message).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'thought', providerOptions: { anthropic: { signature: 'sig-9' } } },
        { type: 'text', text: 'done' },
      ],
    });
  });
});

describe('toModelTools', () => {
  it('cuts a description over 1,024 characters (OpenAI refuses it) and keeps shorter ones whole', () => {
    const parameters = { type: 'object', properties: {} };
    const [long, short] = toModelTools([
      { name: 'mcp__verbose', description: 'word '.repeat(400), parameters },
      { name: 'think', description: 'Think out loud.', parameters },
    ]).map((tool) => (tool.type === 'function' ? tool.description : undefined));
    expect(long).toHaveLength(1024);
    expect(long?.endsWith('…')).toBe(true);
    expect(short).toBe('Think out loud.');
  });
});
