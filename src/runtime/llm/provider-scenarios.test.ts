import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../scripts/mock-llm/failure-bodies';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { validateProviderRequest } from '../../../scripts/mock-llm/strict/validate-request';
import type { LLMConfig } from './llm-config';
import type { ToolSpec } from '../events';
import { createAiSdkLLM } from './create-ai-sdk-llm';
import type { ChatMessage } from './llm';
import { type WireTurn, wireTurns, wireViolations } from './provider-projection-wire-check';

/**
 * Histories recorded in real runs that made real providers answer 400, each sent through
 * the real adapter to the mock in every dialect. The recorded body must satisfy the provider's rules
 * (the strict validator, and our own wire check so the test bites without it), and the specific fix
 * must be visible.
 */
let mock: MockLLM;
beforeAll(async () => {
  mock = await startMockLLM({ script: { turns: [], fallback: { text: 'ok' } } });
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => {
  mock.setScript({ turns: [], fallback: { text: 'ok' } });
});

interface Target {
  name: string;
  config: Omit<LLMConfig, 'base_url'>;
  dialect: Dialect;
  path: string;
}

const targets: Target[] = [
  {
    name: 'openai Chat Completions',
    config: { provider: 'openai', model: 'gpt-4o', api_key: 'sk-test' },
    dialect: 'openai',
    path: '/v1/chat/completions',
  },
  {
    name: 'openai Responses',
    config: { provider: 'openai', model: 'gpt-5-mini', api_key: 'sk-test' },
    dialect: 'responses',
    path: '/v1/responses',
  },
  {
    name: 'openai-compatible',
    config: { provider: 'openai-compatible', model: 'mock-model' },
    dialect: 'openai',
    path: '/v1/chat/completions',
  },
  {
    name: 'anthropic',
    config: { provider: 'anthropic', model: 'claude-sonnet-4-5', api_key: 'sk-ant-test' },
    dialect: 'anthropic',
    path: '/v1/messages',
  },
];

const tools: ToolSpec[] = ['terminal', 'think'].map((name) => ({
  name,
  description: name,
  parameters: { type: 'object', properties: {} },
}));
const system: ChatMessage = { role: 'system', content: 'You are careful.' };
const user = (text: string): ChatMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const call = (id: string, name: string, content = '', args = '{}'): ChatMessage => ({
  role: 'assistant',
  content,
  tool_calls: [{ id, name, arguments: args }],
});
const result = (id: string, name: string, content = 'done'): ChatMessage => ({
  role: 'tool',
  tool_call_id: id,
  tool_name: name,
  content,
});
const uuidCallId = 'call_123e4567-e89b-12d3-a456-426614174000';

interface Scenario {
  name: string;
  history: ChatMessage[];
  /** The specific fix, seen on the wire. */
  check: (turns: WireTurn[], dialect: Dialect) => void;
}

const allTexts = (turns: WireTurn[]) => turns.flatMap((turn) => turn.texts);
const allCalls = (turns: WireTurn[]) => turns.flatMap((turn) => turn.calls);
const allResults = (turns: WireTurn[]) => turns.flatMap((turn) => turn.results);

const scenarios: Scenario[] = [
  {
    name: 'an empty assistant turn',
    history: [system, user('hi'), { role: 'assistant', content: '', tool_calls: [] }, user('hello?')],
    check: (turns) => {
      expect(turns.filter((turn) => turn.role === 'assistant')).toEqual([]);
      expect(allTexts(turns)).toEqual(expect.arrayContaining(['hi']));
    },
  },
  {
    name: 'whitespace-only text before a tool call',
    history: [system, user('list'), call('toolu_1', 'terminal', '\n\n'), result('toolu_1', 'terminal')],
    check: (turns) => {
      expect(allTexts(turns).filter((text) => text.trim() === '')).toEqual([]);
      expect(allCalls(turns)).toEqual([{ id: 'toolu_1', name: 'terminal' }]);
    },
  },
  {
    name: 'unknown tool names replayed as given',
    history: [
      system,
      user('go'),
      call('call_a', 'multi_tool_use.parallel'),
      result('call_a', 'multi_tool_use.parallel', 'no such tool'),
      call('call_b', 'functions.terminal'),
      result('call_b', 'functions.terminal', 'no such tool'),
    ],
    check: (turns) => {
      expect(allCalls(turns).map((c) => c.name)).toEqual(['multi_tool_use_parallel', 'functions_terminal']);
      expect(allResults(turns).map((r) => r.id)).toEqual(allCalls(turns).map((c) => c.id));
    },
  },
  {
    name: 'a tool-call id repeated in two turns',
    history: [
      system,
      user('go'),
      call('toolu_dup1', 'terminal', 'first'),
      result('toolu_dup1', 'terminal', 'one'),
      call('toolu_dup1', 'terminal', 'second'),
      result('toolu_dup1', 'terminal', 'two'),
    ],
    check: (turns) => {
      const ids = allCalls(turns).map((c) => c.id);
      expect(new Set(ids).size).toBe(2);
      expect(ids[0]).toBe('toolu_dup1');
      expect(allResults(turns)).toEqual([
        { id: ids[0], content: 'one' },
        { id: ids[1], content: 'two' },
      ]);
    },
  },
  {
    name: 'ids from another provider, and our own 41-character call_<uuid> ids',
    history: [
      system,
      user('go'),
      call('functions.think:0', 'think'),
      result('functions.think:0', 'think', 'thought'),
      call(uuidCallId, 'terminal'),
      result(uuidCallId, 'terminal', 'ran'),
    ],
    check: (turns, dialect) => {
      const ids = allCalls(turns).map((c) => c.id);
      if (dialect === 'anthropic') expect(ids[0]).toMatch(/^[a-zA-Z0-9_-]+$/);
      else expect(ids[0]).toBe('functions.think:0'); // valid there: only what needs renaming is renamed
      // 41 characters: over OpenAI's 40, fine for Anthropic.
      if (dialect === 'anthropic') expect(ids[1]).toBe(uuidCallId);
      else expect(ids[1]?.length).toBeLessThanOrEqual(40);
      expect(allResults(turns).map((r) => r.content)).toEqual(['thought', 'ran']);
    },
  },
  {
    name: 'a call whose result was never recorded, and a result that answers no call',
    history: [
      system,
      user('go'),
      call('toolu_lost', 'terminal', 'Trying.'),
      user('are you there?'),
      result('toolu_orphan', 'terminal', 'from nowhere'),
      call('toolu_late', 'terminal'),
      user('typed while it ran'),
      result('toolu_late', 'terminal', 'late but paired'),
    ],
    check: (turns) => {
      expect(allResults(turns).map((r) => r.content)).toEqual([
        '(No result was recorded for this tool call.)',
        'late but paired',
      ]);
      expect(JSON.stringify(turns)).not.toContain('from nowhere');
      expect(allTexts(turns)).toEqual(expect.arrayContaining(['are you there?', 'typed while it ran']));
    },
  },
  {
    name: 'reasoning on assistant turns, signed and unsigned',
    history: [
      system,
      user('think'),
      {
        role: 'assistant',
        content: 'a',
        reasoning: 'signed thought',
        reasoning_signature: 'sig-1',
        tool_calls: [],
      },
      user('again'),
      { role: 'assistant', content: 'b', reasoning: 'unsigned thought', tool_calls: [] },
      user('more'),
    ],
    check: (turns, dialect) => {
      const reasoning = turns.flatMap((turn) => turn.reasoning);
      expect(reasoning).toEqual(dialect === 'anthropic' ? ['signed'] : []);
      expect(turns.flatMap((turn) => turn.unknownFields)).toEqual([]);
    },
  },
  {
    name: 'inputs only the REST API accepts: SVG and BMP images, blank user text, an empty tool result',
    history: [
      system,
      {
        role: 'user',
        content: [
          { type: 'text', text: '' },
          { type: 'text', text: '  \n' },
          { type: 'text', text: 'see these' },
          {
            type: 'image',
            image_urls: [
              'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
              'data:image/bmp;base64,Qk0eAAAAAAAAABoAAAAMAAAAAQABAAEAGAAAAP8A',
              'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
            ],
          },
        ],
      },
      call('toolu_e', 'terminal', 'Running.'),
      result('toolu_e', 'terminal', ''),
    ],
    check: (turns) => {
      expect(turns.flatMap((turn) => turn.images)).toEqual(['image/png']);
      expect(allTexts(turns).some((text) => text.includes('image/svg+xml'))).toBe(true);
      expect(allResults(turns).map((r) => r.content.trim() !== '')).toEqual([true]);
    },
  },
];

describe.each(targets)('provider-refused histories against $name', (target) => {
  it.each(scenarios)('$name: the request is valid and fixed', async (scenario) => {
    const before = mock.requests().length;
    const llm = createAiSdkLLM({ ...target.config, base_url: mock.url }, { retry: { maxAttempts: 1 } });
    const response = await llm.complete({ messages: scenario.history, tools });
    expect(response.text).toBe('ok');
    const sent = mock.requests().slice(before);
    expect(sent).toHaveLength(1);
    const [recorded] = sent;
    expect(recorded?.path).toBe(target.path);
    expect(validateProviderRequest(target.dialect, recorded?.body)).toEqual([]);
    expect(wireViolations(target.dialect, recorded?.body)).toEqual([]);
    scenario.check(wireTurns(target.dialect, recorded?.body), target.dialect);
  });
});

describe('the wire check itself', () => {
  it('finds the faults a provider refuses in a raw body, so the scenarios above can fail', () => {
    const body = {
      messages: [
        { role: 'assistant', content: [] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '\n\n' },
            { type: 'tool_use', id: 'functions.think:0', name: 'multi_tool_use.parallel', input: {} },
            { type: 'tool_use', id: 'toolu_dup1', name: 'terminal', input: {} },
            { type: 'tool_use', id: 'toolu_dup1', name: 'terminal', input: {} },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'image', source: { type: 'base64', media_type: 'image/svg+xml', data: 'x' } }],
        },
      ],
    };
    expect(wireViolations('anthropic', body)).toEqual(
      expect.arrayContaining([
        'turn 0 (assistant): empty assistant turn',
        'turn 1 (assistant): blank text "\\n\\n"',
        'turn 1 (assistant): tool name multi_tool_use.parallel',
        'turn 1 (assistant): call id functions.think:0',
        'turn 1 (assistant): repeated call id toolu_dup1',
        'turn 2 (user): image image/svg+xml',
        'the first message is not from the user',
      ]),
    );
  });
});
