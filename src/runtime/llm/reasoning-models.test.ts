import { describe, expect, it } from 'vitest';
import type { LLMConfig } from './llm-config';
import type { ChatMessage, LLMRequest } from './llm';
import {
  SIDE_CALL_REASONING_HEADROOM,
  SIDE_THINKING_BUDGET,
  STEP_THINKING_BUDGET,
  providerCallOptions,
} from './provider-call-options';
import {
  acceptsMinimalReasoningEffort,
  isOpenAIReasoningModel,
  supportsAnthropicThinking,
} from './reasoning-models';

describe('isOpenAIReasoningModel', () => {
  it.each([
    'o1',
    'o1-mini',
    'o3',
    'o3-mini',
    'o3-pro',
    'o4-mini',
    'o4-mini-2025-04-16',
    'gpt-5',
    'gpt-5-mini',
    'gpt-5-nano',
    'gpt-5-2025-08-07',
    'gpt-5.1',
    'gpt-5.1-codex-max',
    'gpt-5-codex',
    'gpt-6',
    'codex-mini-latest',
    'GPT-5',
  ])('%s reasons', (model) => {
    expect(isOpenAIReasoningModel(model)).toBe(true);
  });

  it.each([
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-4.1',
    'gpt-4.1-nano',
    'gpt-3.5-turbo',
    'gpt-5-chat-latest',
    'gpt-5.1-chat-latest',
    'omni-moderation-latest',
    'ollama/o3',
    'llama3.1:8b',
    'my-gpt-5',
    '',
  ])('%s does not', (model) => {
    expect(isOpenAIReasoningModel(model)).toBe(false);
  });

  it('lets only the plain gpt-5 family use the minimal effort', async () => {
    expect(['gpt-5', 'gpt-5-mini', 'gpt-5-nano-2025-08-07'].map(acceptsMinimalReasoningEffort)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['gpt-5.1', 'gpt-5-codex', 'o3', 'o4-mini', 'codex-mini-latest'].map(acceptsMinimalReasoningEffort),
    ).toEqual([false, false, false, false, false]);
  });
});

describe('supportsAnthropicThinking', () => {
  it.each([
    'claude-3-7-sonnet-20250219',
    'claude-3-7-sonnet-latest',
    'claude-sonnet-4-20250514',
    'claude-sonnet-4-0',
    'claude-sonnet-4-5',
    'claude-sonnet-4-5-20250929',
    'claude-opus-4-1',
    'claude-opus-4-20250514',
    'claude-haiku-4-5',
    'claude-haiku-4-5-20251001',
    'claude-opus-5',
    'anthropic.claude-sonnet-4-20250514-v1:0',
    'claude-opus-4@20250514',
  ])('%s thinks', (model) => {
    expect(supportsAnthropicThinking(model)).toBe(true);
  });

  it.each([
    'claude-3-5-sonnet-20241022',
    'claude-3-5-haiku-latest',
    'claude-3-opus-20240229',
    'claude-3-haiku-20240307',
    'claude-haiku-4',
    'not-claude-sonnet-4x',
    'gpt-5',
  ])('%s does not', (model) => {
    expect(supportsAnthropicThinking(model)).toBe(false);
  });
});

const openai = (model: string): LLMConfig => ({ provider: 'openai', model, api_key: 'k' });
const anthropic = (model: string): LLMConfig => ({ provider: 'anthropic', model, api_key: 'k' });
const ask = (extra: Partial<LLMRequest> = {}): LLMRequest => ({
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  ...extra,
});

describe('providerCallOptions', () => {
  it('asks an OpenAI reasoning model for reasoning summaries, statelessly, on agent steps', async () => {
    expect(providerCallOptions(openai('gpt-5'), ask())).toEqual({
      providerOptions: { openai: { store: false, forceReasoning: true, reasoningSummary: 'auto' } },
    });
  });

  it.each([
    ['title', 24],
    ['connection_test', 16],
    ['summary', 1_500],
    ['side_question', 2_000],
  ] as const)('gives a %s side call on a reasoning model low effort and room to reason', (purpose, cap) => {
    const options = providerCallOptions(openai('o4-mini'), ask({ purpose, maxOutputTokens: cap }));
    expect(options).toEqual({
      providerOptions: { openai: { store: false, forceReasoning: true, reasoningEffort: 'low' } },
      maxOutputTokens: cap + SIDE_CALL_REASONING_HEADROOM,
    });
    expect(options.maxOutputTokens).toBeGreaterThanOrEqual(2_048);
  });

  it('uses the minimal effort where the model accepts it', async () => {
    const options = providerCallOptions(openai('gpt-5-mini'), ask({ purpose: 'title', maxOutputTokens: 24 }));
    expect(options.providerOptions?.openai).toMatchObject({ reasoningEffort: 'minimal' });
  });

  it('leaves non-reasoning and OpenAI-compatible models alone', async () => {
    expect(providerCallOptions(openai('gpt-4o'), ask({ purpose: 'title', maxOutputTokens: 24 }))).toEqual({});
    const compatible: LLMConfig = { provider: 'openai-compatible', model: 'o3', base_url: 'http://x/v1' };
    expect(providerCallOptions(compatible, ask())).toEqual({});
    expect(providerCallOptions(anthropic('claude-3-5-sonnet-latest'), ask())).toEqual({});
  });

  it('turns on extended thinking for Anthropic agent steps, with no temperature', async () => {
    const options = providerCallOptions(anthropic('claude-sonnet-4-5'), ask());
    expect(options).toEqual({
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: STEP_THINKING_BUDGET } } },
    });
    expect(options).not.toHaveProperty('temperature');
    expect(STEP_THINKING_BUDGET).toBeGreaterThanOrEqual(1_024);
  });

  it('thinks a little on side questions and not at all for titles, tests and summaries', async () => {
    expect(providerCallOptions(anthropic('claude-opus-4-1'), ask({ purpose: 'side_question' }))).toEqual({
      providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: SIDE_THINKING_BUDGET } } },
    });
    for (const purpose of ['title', 'connection_test', 'summary'] as const) {
      expect(
        providerCallOptions(anthropic('claude-opus-4-1'), ask({ purpose, maxOutputTokens: 24 })),
      ).toEqual({});
    }
  });

  it('skips thinking mid tool turn when the last tool call lost its signed thinking', async () => {
    const toolTurn = (extra: Partial<Extract<ChatMessage, { role: 'assistant' }>>): ChatMessage[] => [
      { role: 'user', content: [{ type: 'text', text: 'list files' }] },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 't1', name: 'terminal', arguments: '{"command":"ls"}' }],
        ...extra,
      },
      { role: 'tool', tool_call_id: 't1', tool_name: 'terminal', content: 'a.txt' },
    ];
    const model = anthropic('claude-sonnet-4-20250514');
    expect(providerCallOptions(model, ask({ messages: toolTurn({}) }))).toEqual({});
    expect(providerCallOptions(model, ask({ messages: toolTurn({ reasoning: 'Look.' }) }))).toEqual({});
    expect(
      providerCallOptions(
        model,
        ask({ messages: toolTurn({ reasoning: ' \n', reasoning_signature: 'sig' }) }),
      ),
    ).toEqual({});
    expect(
      providerCallOptions(
        model,
        ask({ messages: toolTurn({ reasoning: 'Look.', reasoning_signature: 'sig' }) }),
      ),
    ).toMatchObject({ providerOptions: { anthropic: { thinking: { type: 'enabled' } } } });
    // A finished turn (a text reply after the tools) needs nothing sent back.
    const finished: ChatMessage[] = [
      ...toolTurn({}),
      { role: 'assistant', content: 'Done.', tool_calls: [] },
      { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
    ];
    expect(providerCallOptions(model, ask({ messages: finished }))).toMatchObject({
      providerOptions: { anthropic: { thinking: { type: 'enabled' } } },
    });
  });
});
