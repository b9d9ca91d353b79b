import { describe, expect, it } from 'vitest';
import { fromUpstreamLLM, toUpstreamLLM } from './upstream-llm';

describe('fromUpstreamLLM', () => {
  it.each([
    [{ model: 'anthropic/claude-sonnet-4-5' }, { provider: 'anthropic', model: 'claude-sonnet-4-5' }],
    [{ model: 'openai/gpt-4o' }, { provider: 'openai', model: 'gpt-4o' }],
    [
      { model: 'openai/mock', base_url: 'http://127.0.0.1:9/v1' },
      { provider: 'openai-compatible', model: 'mock', base_url: 'http://127.0.0.1:9/v1' },
    ],
    [
      { model: 'litellm_proxy/claude', base_url: 'https://gw.example/v1' },
      { provider: 'openai-compatible', model: 'claude', base_url: 'https://gw.example/v1' },
    ],
    [
      { model: 'gemini/gemini-pro', base_url: 'https://gw.example/v1' },
      { provider: 'openai-compatible', model: 'gemini/gemini-pro', base_url: 'https://gw.example/v1' },
    ],
    [{ model: 'claude-3-5-haiku' }, { provider: 'anthropic', model: 'claude-3-5-haiku' }],
    [{ model: 'gpt-4.1-mini' }, { provider: 'openai', model: 'gpt-4.1-mini' }],
    [
      { model: 'x', custom_llm_provider: 'anthropic' },
      { provider: 'anthropic', model: 'x' },
    ],
  ])('%j maps to %j', (llm, expected) => {
    expect(fromUpstreamLLM(llm)).toEqual({ ok: true, config: expected });
  });

  it('keeps the key for the conversation', () => {
    const mapped = fromUpstreamLLM({ model: 'openai/gpt-4o', api_key: 'sk-test' });
    expect(mapped).toEqual({ ok: true, config: { provider: 'openai', model: 'gpt-4o', api_key: 'sk-test' } });
  });

  it.each([
    [{ model: 'gemini/gemini-pro' }, /openai\/<model>/],
    [{ model: 'litellm_proxy/x' }, /needs base_url/],
    [{ model: 'anthropic/' }, /names no model/],
    [{ model: 'mistral-large' }, /OpenAI-compatible/],
  ])('refuses %j with a reason', (llm, reason) => {
    const mapped = fromUpstreamLLM(llm);
    expect(mapped.ok).toBe(false);
    if (!mapped.ok) expect(mapped.reason).toMatch(reason);
  });
});

describe('toUpstreamLLM', () => {
  it('names the provider the way upstream clients read it back, without a key', () => {
    expect(toUpstreamLLM({ provider: 'anthropic', model: 'claude-x' })).toEqual({
      model: 'anthropic/claude-x',
      base_url: null,
      api_key: null,
      usage_id: 'agent',
    });
    const compatible = toUpstreamLLM({ provider: 'openai-compatible', model: 'm', base_url: 'http://h/v1' });
    expect(fromUpstreamLLM(compatible)).toEqual({
      ok: true,
      config: { provider: 'openai-compatible', model: 'm', base_url: 'http://h/v1' },
    });
  });
});
