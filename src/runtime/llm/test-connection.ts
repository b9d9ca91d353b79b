import { LLMError, type LLM } from './llm';

export type ConnectionResult =
  | { ok: true; model: string; latency_ms: number }
  | { ok: false; code: string; detail: string };

/** Long enough for a local model to load and answer a few tokens, short enough for a person waiting. */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A tiny real call ("reply with OK", a few output tokens, no tools) to check that provider, model
 * and key work. Never rejects: a failure comes back as the adapter's code and plain-words detail.
 * A connection that cannot be made (refused, unknown host) answers at once; other transient
 * failures get the adapter's retries, so a flaky endpoint that recovers still reports ok. A model
 * silent for `timeoutMs` (default 30 s) answers `timeout`.
 */
export async function testConnection(
  llm: LLM,
  options: { signal?: AbortSignal; now?: () => number; timeoutMs?: number } = {},
): Promise<ConnectionResult> {
  const now = options.now ?? performance.now.bind(performance);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const started = now();
  try {
    await llm.complete({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Reply with the single word OK.' }] }],
      tools: [],
      maxOutputTokens: 16,
      purpose: 'connection_test',
      signal,
      failFastWhenUnreachable: true,
    });
    return { ok: true, model: llm.model, latency_ms: Math.round(now() - started) };
  } catch (error) {
    if (deadline.aborted && !options.signal?.aborted) {
      return {
        ok: false,
        code: 'timeout',
        detail: `The model did not answer within ${timeoutMs / 1000} s. Check the base URL in Settings and that the server is running.`,
      };
    }
    if (error instanceof LLMError) return { ok: false, code: error.code, detail: error.detail };
    // The LLM contract says only LLMError rejects; anything else is a bug, reported rather than thrown.
    return {
      ok: false,
      code: 'bad_response',
      detail: `The connection test failed unexpectedly: ${String(error)}`,
    };
  }
}
