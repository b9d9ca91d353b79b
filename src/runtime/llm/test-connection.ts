import { LLMError, type LLM } from './llm';

export type ConnectionResult =
  | { ok: true; model: string; latency_ms: number }
  | { ok: false; code: string; detail: string };

/**
 * A tiny real call ("reply with OK", a few output tokens, no tools) to check that provider, model
 * and key work. Never rejects: a failure comes back as the adapter's code and plain-words detail.
 * The adapter's retries apply, so a flaky endpoint that recovers still reports ok.
 */
export async function testConnection(
  llm: LLM,
  options: { signal?: AbortSignal; now?: () => number } = {},
): Promise<ConnectionResult> {
  const now = options.now ?? performance.now.bind(performance);
  const started = now();
  try {
    await llm.complete({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Reply with the single word OK.' }] }],
      tools: [],
      maxOutputTokens: 16,
      signal: options.signal,
    });
    return { ok: true, model: llm.model, latency_ms: Math.round(now() - started) };
  } catch (error) {
    if (error instanceof LLMError) return { ok: false, code: error.code, detail: error.detail };
    // The LLM contract says only LLMError rejects; anything else is a bug, reported rather than thrown.
    return {
      ok: false,
      code: 'bad_response',
      detail: `The connection test failed unexpectedly: ${String(error)}`,
    };
  }
}
