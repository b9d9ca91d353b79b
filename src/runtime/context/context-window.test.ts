import { describe, expect, it } from 'vitest';
import {
  contextWindowFromError,
  contextWindowOf,
  DEFAULT_CONTEXT_WINDOW,
  promptBudget,
  replyReserve,
} from './context-window';

describe('contextWindowOf', () => {
  it('knows the common families, also behind a router prefix', () => {
    expect(contextWindowOf('gpt-4o', 'openai')).toBe(128_000);
    expect(contextWindowOf('gpt-4o-mini', 'openai')).toBe(128_000);
    expect(contextWindowOf('gpt-4.1', 'openai')).toBe(1_047_576);
    expect(contextWindowOf('gpt-5-mini', 'openai')).toBe(400_000);
    expect(contextWindowOf('o3', 'openai')).toBe(200_000);
    expect(contextWindowOf('o4-mini', 'openai')).toBe(200_000);
    expect(contextWindowOf('claude-sonnet-4-5', 'anthropic')).toBe(200_000);
    expect(contextWindowOf('openai/GPT-4o', 'openai-compatible')).toBe(128_000);
  });

  it('falls back by provider: 200k for Anthropic, 32k for anything else unknown', () => {
    expect(contextWindowOf('some-new-claude', 'anthropic')).toBe(200_000);
    expect(contextWindowOf('my-local-model', 'openai-compatible')).toBe(DEFAULT_CONTEXT_WINDOW);
    expect(contextWindowOf('o30-lookalike', 'openai')).toBe(DEFAULT_CONTEXT_WINDOW);
  });

  it('an override by exact model name wins; a nonsense override is ignored', () => {
    expect(contextWindowOf('gpt-4o', 'openai', { 'GPT-4o': 64_000 })).toBe(64_000);
    expect(contextWindowOf('my-local-model', 'openai-compatible', { 'my-local-model': 8_192 })).toBe(8_192);
    expect(contextWindowOf('gpt-4o', 'openai', { 'gpt-4o': -1 })).toBe(128_000);
  });
});

describe('promptBudget', () => {
  it('is 75% of the window minus a tenth (at most 16k) for the reply', () => {
    expect(replyReserve(32_768)).toBe(3_276);
    expect(promptBudget(32_768)).toBe(24_576 - 3_276);
    expect(promptBudget(200_000)).toBe(150_000 - 16_384);
    expect(promptBudget(100_000, 0.5)).toBe(50_000 - 10_000);
  });
});

describe('contextWindowFromError', () => {
  it('reads the window a provider states in its refusal, or nothing', () => {
    expect(
      contextWindowFromError(
        "too long (400): This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
      ),
    ).toBe(8_192);
    expect(contextWindowFromError('too long (400): prompt is too long: 210000 tokens > 200000 maximum')).toBe(
      200_000,
    );
    expect(contextWindowFromError('maximum context length is 12 tokens')).toBeUndefined();
    expect(contextWindowFromError('The request was too large (413).')).toBeUndefined();
  });
});
