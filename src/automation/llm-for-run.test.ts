import { describe, expect, it } from 'vitest';
import { llmForRun } from './llm-for-run';

describe('llmForRun', () => {
  const local = { provider: 'openai-compatible', base_url: 'http://127.0.0.1:11434/v1' };

  it("serves the automation's model at the settings' endpoint when it names the settings' provider", () => {
    expect(llmForRun({ provider: 'openai-compatible', model: 'qwen-large' }, local)).toEqual({
      provider: 'openai-compatible',
      model: 'qwen-large',
      base_url: 'http://127.0.0.1:11434/v1',
    });
  });

  it('sends another provider, or a settings endpoint without a base URL, as saved; none follows the settings', () => {
    expect(llmForRun({ provider: 'anthropic', model: 'claude-x' }, local)).toEqual({
      provider: 'anthropic',
      model: 'claude-x',
    });
    expect(llmForRun({ provider: 'openai', model: 'gpt-x' }, { provider: 'openai' })).toEqual({
      provider: 'openai',
      model: 'gpt-x',
    });
    expect(llmForRun({ provider: 'openai', model: 'gpt-x' }, null)).toEqual({
      provider: 'openai',
      model: 'gpt-x',
    });
    expect(llmForRun(null, local)).toBeUndefined();
  });
});
