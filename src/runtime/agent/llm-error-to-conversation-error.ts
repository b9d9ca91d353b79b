import type { LLMError, LLMErrorCode } from '../llm/llm';

/**
 * The ConversationErrorEvent a failed model call ends a run with: a stable code and what to do about
 * it. The adapter's `detail` already says, for a person, what happened and what to fix (the LLMError
 * contract), so it is the detail as is; wrapping it in a second sentence repeated the advice
 * ("…refused the API key (…rejected the API key (401). Check the key in Settings.). Check the API key
 * in Settings."). The generic sentence below is only for an error that came without words.
 */
export function llmErrorToConversationError(error: LLMError): { code: string; detail: string } {
  const { code, fallback } = conversationErrorFor(error.code);
  const said = error.detail.trim();
  return { code, detail: said === '' ? fallback : said };
}

function conversationErrorFor(code: LLMErrorCode): { code: string; fallback: string } {
  switch (code) {
    case 'auth':
      return {
        code: 'LLMAuthError',
        fallback: 'The model provider refused the API key. Check the API key in Settings.',
      };
    case 'not_found':
      return {
        code: 'LLMNotFound',
        fallback: 'The model or endpoint was not found. Check the model name and base URL in Settings.',
      };
    case 'quota':
      return {
        code: 'LLMQuotaExceeded',
        fallback:
          "The account's quota is used up. Check billing with the provider, or choose another model in Settings.",
      };
    case 'context_overflow':
      return {
        code: 'LLMContextWindowExceeded',
        fallback:
          "The conversation no longer fits the model's context window, and condensing it did not help. Fork it from an earlier point or start a new one.",
      };
    case 'bad_request':
      return {
        code: 'LLMBadRequest',
        fallback:
          'The model provider refused the request. If the conversation is very long, fork it from an earlier point or start a new one.',
      };
    case 'rate_limit':
      return {
        code: 'LLMRateLimited',
        fallback: 'The model provider kept rate limiting the requests. Wait a minute, then run again.',
      };
    case 'bad_response':
      return {
        code: 'LLMBadResponse',
        fallback:
          'The model provider sent a reply that could not be understood. Run again; if it persists, check the base URL in Settings.',
      };
    default:
      return {
        code: 'LLMUnavailable',
        fallback:
          'The model provider could not be reached. Check the base URL and your connection, then run again.',
      };
  }
}
