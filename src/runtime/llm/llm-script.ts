/**
 * The one script format for fake models, shared by the in-process scripted LLM (loop tests) and
 * scripts/mock-llm (a real OpenAI-compatible HTTP server for adapter, server and e2e tests). A script
 * is a list of turns consumed in order, one per model call; when it runs out the fake answers with
 * `fallback` (default: a plain "Done." text reply).
 */
export interface LLMScript {
  turns: ScriptTurn[];
  fallback?: ScriptTurn;
}

export type ScriptTurn = ReplyTurn | FailTurn;

export interface ReplyTurn {
  /** Assistant text, streamed in chunks of `chunk_size` characters. */
  text?: string;
  reasoning?: string;
  tool_calls?: ScriptToolCall[];
  /**
   * `cost` (USD; null: unknown) is read by the in-process scripted model only (default 0); the mock
   * server's replies are priced by the model's name (usage-cost.ts), as a real provider's are.
   */
  usage?: { prompt_tokens: number; completion_tokens: number; cost?: number | null };
  /** Pause before the first chunk and between chunks, in ms. */
  delay_ms?: number;
  chunk_delay_ms?: number;
  chunk_size?: number;
  /** Answer without streaming (plain JSON) even when the client asked for a stream. */
  no_stream?: boolean;
}

export interface ScriptToolCall {
  id?: string;
  name: string;
  /** An object is serialised to JSON; a string is sent as is (so malformed JSON can be scripted). */
  arguments: Record<string, unknown> | string;
}

export interface FailTurn {
  fail:
    | 'rate_limit' // HTTP 429 with Retry-After
    | 'server_error' // HTTP 500
    | 'auth' // HTTP 401
    | 'not_found' // HTTP 404 model not found
    | 'quota' // HTTP 429 insufficient_quota (not retryable)
    | 'bad_request' // HTTP 400, an invalid request
    | 'context_overflow' // HTTP 400, the prompt is longer than the context window
    | 'hang' // accept the request and never answer (until the client aborts)
    | 'drop_stream' // stream some text, then destroy the connection
    | 'garbage'; // HTTP 200 with a body that is not a valid completion
  retry_after_s?: number;
  /** For drop_stream: the text sent before the drop. */
  partial_text?: string;
  /** For bad_request: the provider's error message (default: an unknown argument, or a missing field). */
  message?: string;
}

export function isFailTurn(turn: ScriptTurn): turn is FailTurn {
  return 'fail' in turn;
}
