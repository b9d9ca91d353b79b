import fc from 'fast-check';
import type { Content } from '../events';
import type { ChatMessage } from './llm';

/**
 * Chat histories as recorded logs can hold them, odd turns included: empty and blank replies, tool
 * names the model made up, ids from other providers or repeated, results with no call, SVGs.
 * Test support for the projection's property tests.
 */
const ids = fc.constantFrom(
  'call_1',
  'call_2',
  'toolu_dup1',
  'functions.think:0',
  'functions.terminal:1',
  `call_${'0123abcd-'.repeat(4)}`,
  'call_123e4567-e89b-12d3-a456-426614174000',
  '',
  'id with spaces',
  'x'.repeat(70),
  'ünïcode-id',
);
const names = fc.constantFrom(
  'terminal',
  'think',
  'multi_tool_use.parallel',
  'functions.terminal',
  '',
  'n'.repeat(80),
  'file editor',
  'finish',
);
const texts = fc.constantFrom('', ' ', '\n\n', 'hello', 'Running it.\n', '  padded  ', 'ok');
const imageUrls = fc.constantFrom(
  'data:image/png;base64,iVBORw0KGgo=',
  'data:image/jpg;base64,/9j/4AAQ',
  'data:image/svg+xml;base64,PHN2Zz4=',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'data:image/bmp;base64,Qk0=',
  'data:image/png;base64,',
  'https://example.com/cat.webp',
  'https://example.com/diagram.svg',
  'file:///etc/passwd',
  'not a url',
);

const content: fc.Arbitrary<Content> = fc.oneof(
  texts.map((text): Content => ({ type: 'text', text })),
  fc.array(imageUrls, { maxLength: 3 }).map((image_urls): Content => ({ type: 'image', image_urls })),
);

const toolCall = fc.record({
  id: ids,
  name: names,
  arguments: fc.constantFrom('{"command":"ls"}', '', '{"command": "oops', '[1]'),
});

export const chatMessage: fc.Arbitrary<ChatMessage> = fc.oneof(
  texts.map((content): ChatMessage => ({ role: 'system', content })),
  fc.array(content, { maxLength: 4 }).map((content): ChatMessage => ({ role: 'user', content })),
  fc
    .record({
      content: texts,
      tool_calls: fc.array(toolCall, { maxLength: 3 }),
      reasoning: fc.option(texts, { nil: undefined }),
      reasoning_signature: fc.option(fc.constantFrom('sig-1', ''), { nil: undefined }),
    })
    .map((fields): ChatMessage => {
      const message: ChatMessage = {
        role: 'assistant',
        content: fields.content,
        tool_calls: fields.tool_calls,
      };
      if (fields.reasoning !== undefined) message.reasoning = fields.reasoning;
      if (fields.reasoning_signature !== undefined) message.reasoning_signature = fields.reasoning_signature;
      return message;
    }),
  fc
    .record({ tool_call_id: ids, tool_name: names, content: texts })
    .map((fields): ChatMessage => ({ role: 'tool', ...fields })),
);

export const chatLog = fc.array(chatMessage, { maxLength: 14 });
