import { describe, expect, it } from 'vitest';
import { LLMError } from '../llm/llm';
import { llmErrorToConversationError } from './llm-error-to-conversation-error';

describe('llmErrorToConversationError', () => {
  it("keeps the adapter's words as the detail, so the advice is said once", () => {
    const adapterSaid = 'The model endpoint rejected the API key (401). Check the key in Settings.';
    const error = llmErrorToConversationError(new LLMError('auth', adapterSaid, 401));
    expect(error).toEqual({ code: 'LLMAuthError', detail: adapterSaid });
    expect(error.detail.match(/Settings/g)).toHaveLength(1);
  });

  it('says what to do in its own words when the error came without any', () => {
    expect(llmErrorToConversationError(new LLMError('quota', '  '))).toEqual({
      code: 'LLMQuotaExceeded',
      detail: expect.stringMatching(/quota is used up.*Settings/),
    });
  });

  it.each([
    ['auth', 'LLMAuthError'],
    ['not_found', 'LLMNotFound'],
    ['quota', 'LLMQuotaExceeded'],
    ['bad_request', 'LLMBadRequest'],
    ['rate_limit', 'LLMRateLimited'],
    ['bad_response', 'LLMBadResponse'],
    ['server', 'LLMUnavailable'],
    ['network', 'LLMUnavailable'],
    ['timeout', 'LLMUnavailable'],
  ] as const)('maps the adapter code %s to the conversation error code %s', (code, expected) => {
    expect(llmErrorToConversationError(new LLMError(code, 'Something went wrong.')).code).toBe(expected);
  });
});
