import { describe, expect, it } from 'vitest';
import { createEventBuilder } from '../agent/testing/event-builders';
import type { ChatMessage } from '../llm/llm';
import {
  estimateItemTokens,
  estimateMessagesTokens,
  estimatePromptTokens,
  estimateTextTokens,
  estimateToolsTokens,
} from './token-estimate';

describe('token estimate', () => {
  it('counts four characters a token, rounding up', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('abcd')).toBe(1);
    expect(estimateTextTokens('abcde')).toBe(2);
  });

  it('adds framing per message, tool calls, images and the tool specs', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'x'.repeat(40) },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'y'.repeat(8) },
          { type: 'image', image_urls: ['a'] },
        ],
      },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'c1', name: 'term', arguments: '{"a":1}' }],
      },
      { role: 'tool', tool_call_id: 'c1', tool_name: 'term', content: 'z'.repeat(12) },
    ];
    // 4+10, 4+2+1000, 4+ceil(11/4)=3, 4+3+1
    expect(estimateMessagesTokens(messages)).toBe(14 + 1006 + 7 + 8);
    const tools = [{ name: 't', description: 'd', parameters: {} }];
    expect(estimateMessagesTokens(messages, tools)).toBe(1035 + estimateTextTokens(JSON.stringify(tools)));
  });

  it('counts several tool specs as the JSON array a call sends, however often the same specs are asked', () => {
    const tools = [
      { name: 'terminal', description: 'Runs a command.', parameters: { type: 'object', properties: {} } },
      { name: 'editor', description: 'Édite un fichier ✓', parameters: { type: 'object' } },
      { name: 'think', description: '', parameters: {} },
    ];
    const expected = estimateTextTokens(JSON.stringify(tools));
    expect(estimateToolsTokens(tools)).toBe(expected);
    expect(estimateToolsTokens(tools)).toBe(expected);
    expect(estimateToolsTokens([tools[1] as (typeof tools)[number]])).toBe(
      estimateTextTokens(JSON.stringify([tools[1]])),
    );
    expect(estimateToolsTokens([])).toBe(0);
  });

  it('estimates one view item from the message it becomes', () => {
    const build = createEventBuilder();
    const short = build.userMessage('hi');
    const long = build.userMessage('x'.repeat(4_000));
    expect(estimateItemTokens(long)).toBe(4 + 1_000);
    expect(estimateItemTokens(short)).toBeLessThan(estimateItemTokens(long));
  });

  it("uses the provider's count of the latest prompt plus the estimated change since", () => {
    expect(estimatePromptTokens(1_000, undefined)).toBe(1_000);
    // The provider counted 3,000 for a prompt we estimated at 2,000; 500 more estimated since.
    expect(estimatePromptTokens(2_500, { promptTokens: 3_000, estimatedTokens: 2_000 })).toBe(3_500);
    // A condensation since: the change is negative.
    expect(estimatePromptTokens(800, { promptTokens: 3_000, estimatedTokens: 2_000 })).toBe(1_800);
    // A provider that reports no usage: the estimate alone.
    expect(estimatePromptTokens(800, { promptTokens: 0, estimatedTokens: 2_000 })).toBe(800);
  });
});
