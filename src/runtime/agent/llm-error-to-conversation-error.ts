import type { LLMError } from '../llm/llm';

/** The ConversationErrorEvent a failed model call ends a run with: a stable code and what to do about it. */
export function llmErrorToConversationError(error: LLMError): { code: string; detail: string } {
  const said = error.detail ? ` (${error.detail})` : '';
  switch (error.code) {
    case 'auth':
      return {
        code: 'LLMAuthError',
        detail: `The model provider refused the API key${said}. Check the API key in Settings.`,
      };
    case 'not_found':
      return {
        code: 'LLMNotFound',
        detail: `The model or endpoint was not found${said}. Check the model name and base URL in Settings.`,
      };
    case 'quota':
      return {
        code: 'LLMQuotaExceeded',
        detail: `The account's quota is used up${said}. Check billing with the provider, or choose another model in Settings.`,
      };
    case 'bad_request':
      return {
        code: 'LLMBadRequest',
        detail: `The model provider refused the request${said}. If the conversation is very long, fork it from an earlier point or start a new one.`,
      };
    case 'rate_limit':
      return {
        code: 'LLMRateLimited',
        detail: `The model provider kept rate limiting the requests${said}. Wait a minute, then run again.`,
      };
    case 'bad_response':
      return {
        code: 'LLMBadResponse',
        detail: `The model provider sent a reply that could not be understood${said}. Run again; if it persists, check the base URL in Settings.`,
      };
    default:
      return {
        code: 'LLMUnavailable',
        detail: `The model provider could not be reached${said}. Check the base URL and your connection, then run again.`,
      };
  }
}
