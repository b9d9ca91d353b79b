import { describe, expect, it } from 'vitest';
import { humanizeCode } from './humanize-code';

describe('humanizeCode', () => {
  it('names the common model errors in words', () => {
    expect(humanizeCode('LLMAuthError')).toBe('The model rejected the API key');
    expect(humanizeCode('MaxIterationsReached')).toBe('Step limit reached');
    expect(humanizeCode('LLMNotConfigured')).toBe('No model is set up');
    expect(humanizeCode('LLMUnavailable')).toBe('Could not reach the model');
  });
  it('splits unknown codes into a sentence, keeping acronyms', () => {
    expect(humanizeCode('LLMBadGateway')).toBe('LLM bad gateway');
    expect(humanizeCode('tool_output_too_large')).toBe('Tool output too large');
  });
});
