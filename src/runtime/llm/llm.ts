import type { Content, ToolCall, ToolSpec } from '../events';
import type { PriceOverrides } from './price-overrides';

/**
 * One model, one call per agent step. Implementations: createAiSdkLLM (the real adapter on the AI SDK,
 * talking HTTP to OpenAI-compatible, OpenAI or Anthropic endpoints) and createScriptedLLM (in-process,
 * for loop tests).
 */
export interface LLM {
  readonly provider: string;
  readonly model: string;
  /** The settings' prices by model name, checked before the built-in table; absent: none. */
  readonly prices?: PriceOverrides;
  /**
   * Streams one completion. `onDelta` is called for each text or reasoning fragment, in order, before
   * the promise settles. Retries transient failures itself (connection, 429 with Retry-After, 5xx,
   * timeouts) with capped backoff and jitter; a retry after deltas were emitted calls `onRetry` first
   * so listeners can drop the partial text.
   * Rejects with LLMError only; `aborted` when `signal` fired. Never rejects for a reply with odd
   * content: malformed tool-call arguments are returned as the raw text the model produced.
   */
  complete(request: LLMRequest): Promise<LLMResponse>;
}

export type ChatMessage =
  | {
      role: 'system';
      content: string;
      /**
       * The same text on every call of every conversation with the same tools (the system prompt's
       * static part): a provider may cache the request up to its end. Absent: it may change.
       */
      stable?: boolean;
    }
  | { role: 'user'; content: Content[] }
  | {
      role: 'assistant';
      content: string;
      reasoning?: string;
      /** The provider's signature of `reasoning` (Anthropic thinking), needed to send it back. */
      reasoning_signature?: string;
      tool_calls: ToolCall[];
    }
  | { role: 'tool'; tool_call_id: string; tool_name: string; content: string };

export interface LLMRequest {
  messages: readonly ChatMessage[];
  tools: ToolSpec[];
  signal?: AbortSignal;
  onDelta?: (delta: LLMDelta) => void;
  /**
   * Before each retry: the failure, the number of the attempt to come (2 for the first retry) and
   * how long the adapter waits before it (ms), so a person can be told what is going on.
   */
  onRetry?: (error: LLMError, attempt: number, delayMs: number) => void;
  /**
   * No retries when no connection could be made (refused, unknown host): a connection test answers
   * at once instead of backing off for seconds. Default false: a run waits for a starting server.
   */
  failFastWhenUnreachable?: boolean;
  /** Small side calls (titles, summaries, connection tests) ask for a cap. */
  maxOutputTokens?: number;
  /**
   * What the call is for. Side calls (a title, a connection test, a summary, a side question) get
   * budgets and reasoning settings that leave room for a reasoning model to answer. Default `step`.
   */
  purpose?: LLMPurpose;
  /**
   * Groups the calls that share a prefix (one conversation's steps), so a provider that routes its
   * prompt cache by a key (OpenAI's `prompt_cache_key`) serves them from the same cache. The adapter
   * sends a hash of it, never the text.
   */
  cacheKey?: string;
  /**
   * False: send no prompt cache hint from the start (the conversation remembers that this model's
   * endpoint refused one). Default true.
   */
  cacheHints?: boolean;
  /**
   * Once, when the provider refused a cache hint by name and the adapter sends the request again
   * without any, so the caller can remember it beyond this adapter's lifetime. Must not throw.
   */
  onCacheHintsRefused?: () => void;
  /**
   * Once, when the provider refused `tools` and the request is sent again with the tools described
   * in the prompt (a model whose `native_tool_calling` is `auto`). Must not throw.
   */
  onNativeToolsRefused?: () => void;
}

export type LLMPurpose = 'step' | 'title' | 'connection_test' | 'summary' | 'side_question';

export interface LLMDelta {
  kind: 'text' | 'reasoning';
  content: string;
}

export interface LLMUsage {
  /** Every input token, cached or not. */
  prompt_tokens: number;
  completion_tokens: number;
  /** Of `prompt_tokens`: read from the provider's prompt cache (billed cheaper). */
  cache_read_tokens: number;
  /** Of `prompt_tokens`: written to the provider's prompt cache (Anthropic bills these dearer). */
  cache_write_tokens: number;
  /** Of `completion_tokens`: spent reasoning. Absent when the provider does not say. */
  reasoning_tokens?: number;
  /** USD: the provider's own figure or the price table's; null when the model's price is unknown. */
  cost: number | null;
}

export interface LLMResponse {
  /** Provider response id, or a generated one; becomes `llm_response_id` of the events of this step. */
  id: string;
  text: string;
  reasoning?: string;
  /** The provider's signature of `reasoning` (Anthropic thinking), kept so it can be sent back. */
  reasoning_signature?: string;
  tool_calls: ToolCall[];
  /**
   * By tool call id: why a call read from the reply's text could not be understood (a model without
   * native tools); the loop records that call with this error for the model to read.
   */
  tool_call_errors?: Record<string, string>;
  usage: LLMUsage;
  finish_reason: string;
}

export type LLMErrorCode =
  | 'auth' // 401/403: bad or missing key
  | 'not_found' // unknown model or endpoint
  | 'quota' // billing or quota exhausted
  | 'rate_limit' // 429 after retries
  | 'server' // 5xx after retries
  | 'network' // connection refused/reset after retries
  | 'timeout'
  | 'context_overflow' // 400/413: the prompt is longer than the model's context window
  | 'bad_request' // 400: an invalid request
  | 'bad_response' // the stream could not be understood
  | 'aborted';

/** Expected model failures. `detail` is plain words for a person: what happened and what to fix. */
export class LLMError extends Error {
  constructor(
    readonly code: LLMErrorCode,
    readonly detail: string,
    readonly status?: number,
  ) {
    super(detail);
    this.name = 'LLMError';
  }
}
