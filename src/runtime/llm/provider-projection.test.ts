import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LLMProvider } from '../events';
import type { ChatMessage } from './llm';
import { EMPTY_RESULT, NO_RESULT, projectForProvider } from './provider-projection';
import { chatLog } from './provider-projection-arbitraries';
import { TOOL_NAME_PATTERN, normaliseToolName, providerRules } from './provider-projection-rules';
import { projectionViolations } from './provider-projection-violations';

const providers: LLMProvider[] = ['openai-compatible', 'openai', 'anthropic'];
const levels = ['none', 'strict', 'flat'] as const;
const runs = { numRuns: 250 };

type Assistant = Extract<ChatMessage, { role: 'assistant' }>;

/** The calls of a history in order, each with the result that answers it (written independently). */
function callsWithResults(messages: readonly ChatMessage[]) {
  const calls: { name: string; arguments: string; result?: string }[] = [];
  const latest = new Map<string, number>();
  for (const message of messages) {
    if (message.role === 'assistant') {
      for (const call of message.tool_calls) {
        latest.set(call.id, calls.length);
        calls.push({ name: call.name, arguments: call.arguments });
      }
    } else if (message.role === 'tool') {
      const index = latest.get(message.tool_call_id);
      const call = index === undefined ? undefined : calls[index];
      if (call && call.result === undefined) call.result = message.content;
    }
  }
  return calls;
}

function projectedCalls(messages: readonly ChatMessage[]) {
  const results = new Map<string, string>();
  for (const message of messages)
    if (message.role === 'tool') results.set(message.tool_call_id, message.content);
  return messages
    .filter((message): message is Assistant => message.role === 'assistant')
    .flatMap((message) => message.tool_calls)
    .map((call) => ({ ...call, result: results.get(call.id) }));
}

describe.each(providers)('projectForProvider for %s (properties over arbitrary logs)', (provider) => {
  it.each(levels)('at repair level %s, always gives a history the provider accepts', (repair) => {
    fc.assert(
      fc.property(chatLog, fc.boolean(), (log, hasTools) => {
        const projected = projectForProvider(log, { provider, hasTools, repair });
        expect(projectionViolations(projected, provider, hasTools)).toEqual([]);
      }),
      runs,
    );
  });

  it('keeps every call in order, named consistently, with the result that pairs with it', () => {
    fc.assert(
      fc.property(chatLog, (log) => {
        const projected = projectedCalls(projectForProvider(log, { provider, hasTools: true }));
        const expected = callsWithResults(log);
        expect(projected.map((call) => call.name)).toEqual(
          expected.map((call) => normaliseToolName(call.name)),
        );
        expect(projected.map((call) => call.arguments)).toEqual(expected.map((call) => call.arguments));
        expect(projected.map((call) => call.result)).toEqual(
          expected.map((call) =>
            call.result === undefined ? NO_RESULT : call.result.trim() === '' ? EMPTY_RESULT : call.result,
          ),
        );
      }),
      runs,
    );
  });

  it('renames only what needs renaming: valid unique ids and valid names stay as they are', () => {
    fc.assert(
      fc.property(chatLog, (log) => {
        const original = callsWithIds(log);
        const projected = projectedCalls(projectForProvider(log, { provider, hasTools: true }));
        const rules = providerRules(provider);
        const seen = new Set<string>();
        original.forEach((call, index) => {
          const kept = rules.validCallId(call.id) && !seen.has(call.id);
          seen.add(call.id);
          if (kept) expect(projected[index]?.id).toBe(call.id);
          if (TOOL_NAME_PATTERN.test(call.name)) expect(projected[index]?.name).toBe(call.name);
        });
      }),
      runs,
    );
  });

  it('is idempotent: a projected history is left as it is', () => {
    fc.assert(
      fc.property(chatLog, fc.boolean(), (log, hasTools) => {
        const once = projectForProvider(log, { provider, hasTools });
        expect(projectForProvider(once, { provider, hasTools })).toEqual(once);
      }),
      runs,
    );
  });

  it('keeps the words: every non-blank text of the log reaches the model', () => {
    fc.assert(
      fc.property(chatLog, (log) => {
        const sent = JSON.stringify(projectForProvider(log, { provider, hasTools: true }));
        for (const message of log) {
          const texts =
            message.role === 'user'
              ? message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []))
              : message.role === 'tool'
                ? []
                : [message.content];
          for (const text of texts)
            if (text.trim() !== '') expect(sent).toContain(JSON.stringify(text.trimEnd()).slice(1, -1));
        }
      }),
      runs,
    );
  });

  it('strict re-mints every id and sends no image and no reasoning; flat sends no tool call', () => {
    fc.assert(
      fc.property(chatLog, (log) => {
        const strict = projectForProvider(log, { provider, hasTools: true, repair: 'strict' });
        const calls = projectedCalls(strict);
        expect(calls.map((call) => call.id)).toEqual(calls.map((_, index) => `call_${index + 1}`));
        for (const message of strict) {
          if (message.role === 'user')
            expect(message.content.every((block) => block.type === 'text')).toBe(true);
          if (message.role === 'assistant') expect(message.reasoning).toBeUndefined();
        }
        const flat = projectForProvider(log, { provider, hasTools: true, repair: 'flat' });
        expect(flat.some((message) => message.role === 'tool')).toBe(false);
        expect(projectedCalls(flat)).toEqual([]);
      }),
      runs,
    );
  });
});

function callsWithIds(messages: readonly ChatMessage[]) {
  return messages
    .filter((message): message is Assistant => message.role === 'assistant')
    .flatMap((message) => message.tool_calls);
}

describe('projectForProvider, chosen cases', () => {
  it('sends Anthropic its signed thinking back, and nobody unsigned or OpenAI reasoning', () => {
    const log: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: 'a', reasoning: 'signed', reasoning_signature: 'sig', tool_calls: [] },
      { role: 'user', content: [{ type: 'text', text: 'again' }] },
      { role: 'assistant', content: 'b', reasoning: 'unsigned', tool_calls: [] },
    ];
    const anthropic = projectForProvider(log, { provider: 'anthropic', hasTools: true });
    expect(anthropic[1]).toMatchObject({ reasoning: 'signed', reasoning_signature: 'sig' });
    expect(anthropic[3]).not.toHaveProperty('reasoning');
    for (const provider of ['openai', 'openai-compatible'] as const) {
      const sent = projectForProvider(log, { provider, hasTools: false });
      expect(sent.some((message) => message.role === 'assistant' && message.reasoning)).toBe(false);
    }
  });

  it('pairs a repeated id with the most recent call before the result, and answers the older one', () => {
    const log: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: '', tool_calls: [{ id: 'toolu_dup1', name: 'think', arguments: '{}' }] },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'toolu_dup1', name: 'terminal', arguments: '{}' }],
      },
      { role: 'tool', tool_call_id: 'toolu_dup1', tool_name: 'terminal', content: 'ran' },
    ];
    const sent = projectForProvider(log, { provider: 'anthropic', hasTools: true });
    expect(sent.slice(1)).toEqual([
      { role: 'assistant', content: '', tool_calls: [{ id: 'toolu_dup1', name: 'think', arguments: '{}' }] },
      { role: 'tool', tool_call_id: 'toolu_dup1', tool_name: 'think', content: NO_RESULT },
      { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', name: 'terminal', arguments: '{}' }] },
      { role: 'tool', tool_call_id: 'call_1', tool_name: 'terminal', content: 'ran' },
    ]);
  });

  it('hoists Anthropic system prompts to the start, each a block of its own, and opens with a user turn', () => {
    const log: ChatMessage[] = [
      { role: 'system', content: 'one' },
      { role: 'assistant', content: 'hello', tool_calls: [] },
      { role: 'system', content: 'two' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    ];
    const sent = projectForProvider(log, { provider: 'anthropic', hasTools: false });
    expect(sent.map((message) => message.role)).toEqual(['system', 'system', 'user', 'assistant', 'user']);
    expect(sent.slice(0, 2)).toEqual([
      { role: 'system', content: 'one' },
      { role: 'system', content: 'two' },
    ]);
  });

  it('joins adjacent system prompts into one for OpenAI, as one text the same on every call', () => {
    const log: ChatMessage[] = [
      { role: 'system', content: 'static', stable: true },
      { role: 'system', content: 'dynamic' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    ];
    const sent = projectForProvider(log, { provider: 'openai', hasTools: false });
    expect(sent[0]).toEqual({ role: 'system', content: 'static\n\ndynamic' });
  });

  it('replaces SVG and BMP images by a note that never repeats the URL', () => {
    const sent = projectForProvider(
      [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              image_urls: [
                'data:image/svg+xml;base64,PHN2Zz4=',
                'data:image/bmp;base64,Qk0=',
                'data:image/png;base64,iVBO',
              ],
            },
          ],
        },
      ],
      { provider: 'openai', hasTools: false },
    );
    expect(sent).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: expect.stringContaining('image/svg+xml') },
          { type: 'text', text: expect.stringContaining('image/bmp') },
          { type: 'image', image_urls: ['data:image/png;base64,iVBO'] },
        ],
      },
    ]);
    expect(JSON.stringify(sent)).not.toContain('PHN2Zz4=');
  });

  it('replaces an image whose base64 is broken (a secret masked inside it) by a note', () => {
    const broken = 'data:image/png;base64,iVBORw0KGgo‹secret:TOKEN›AAAA';
    const sent = projectForProvider(
      [{ role: 'user', content: [{ type: 'image', image_urls: [broken, 'data:image/png;base64,iVBO'] }] }],
      { provider: 'anthropic', hasTools: false },
    );
    expect(sent).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: '[An image was attached here; its data is damaged, so it is left out.]' },
          { type: 'image', image_urls: ['data:image/png;base64,iVBO'] },
        ],
      },
    ]);
    expect(projectionViolations(sent, 'anthropic', false)).toEqual([]);
    expect(
      projectionViolations(
        [{ role: 'user', content: [{ type: 'image', image_urls: [broken] }] }],
        'anthropic',
        false,
      ),
    ).not.toEqual([]);
  });
});

describe('projectionViolations, the rules the properties check', () => {
  it('flags each fault a provider refuses in a raw log', () => {
    const raw: ChatMessage[] = [
      { role: 'assistant', content: '', tool_calls: [] },
      {
        role: 'user',
        content: [
          { type: 'text', text: ' ' },
          { type: 'image', image_urls: ['data:image/bmp;base64,Qk0='] },
        ],
      },
      {
        role: 'assistant',
        content: '\n\n',
        reasoning: 'r',
        tool_calls: [
          { id: 'functions.think:0', name: 'multi_tool_use.parallel', arguments: '{}' },
          { id: 'functions.think:0', name: 'think', arguments: '{}' },
        ],
      },
      { role: 'tool', tool_call_id: 'functions.think:0', tool_name: 'think', content: '' },
    ];
    const problems = projectionViolations(raw, 'anthropic', true);
    for (const expected of [
      'the first turn is not the user',
      'messages[0]: empty assistant turn',
      'messages[1]: blank text block',
      'messages[1]: image the provider cannot read',
      'messages[2]: whitespace-only assistant text',
      'messages[2]: reasoning the provider does not take back',
      'messages[2]: bad tool name multi_tool_use.parallel',
      'messages[2]: bad call id functions.think:0',
      'messages[2]: repeated call id functions.think:0',
      'messages[3]: result named unlike its call',
      'messages[3]: blank tool result',
    ])
      expect(problems).toContain(expected);
    expect(projectionViolations(raw, 'openai', true)).not.toContain(
      'messages[2]: bad call id functions.think:0',
    );
  });
});
