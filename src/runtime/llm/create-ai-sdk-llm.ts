import { randomUUID } from 'node:crypto';
import type { LLMConfig } from './llm-config';
import { attemptCompletion } from './attempt-completion';
import { DEFAULT_RETRY, type RetryOptions, backoffDelay } from './backoff-delay';
import { createProviderModel } from './create-provider-model';
import type { FetchFunction } from './fetch-function';
import { INITIAL_REQUEST_SHAPE, type RequestShape, reshapeAfterRefusal } from './request-shape';
import { type LLM, LLMError, type LLMRequest, type LLMResponse } from './llm';
import type { ProviderModel } from './model-types';
import type { StreamedCompletion } from './stream-completion';
import { toCallOptions } from './to-call-options';
import { usageCost } from './usage-cost';

export interface AiSdkLLMOptions {
  /** HTTP client for the provider (tests and proxies); default: global fetch. */
  fetch?: FetchFunction;
  retry?: Partial<RetryOptions>;
  /** Longest silence from the model, before its first byte or between parts. Default 5 minutes. */
  requestTimeoutMs?: number;
  /** Waits between retries; must settle early (either way) when `signal` fires. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

// Long, because a local model on a CPU may chew on a big prompt for minutes before its first token.
const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

/**
 * The real model adapter: one streamed provider call per attempt on the AI SDK's provider layer
 * (`doStream`), with our own retry loop (the SDK's retries and multi-step tool loop are not used).
 * Errors are LLMError with a plain-words `detail`; the API key never appears in them.
 */
export function createAiSdkLLM(config: LLMConfig, options: AiSdkLLMOptions = {}): LLM {
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const idleTimeoutMs = options.requestTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const model = buildModel(config, options.fetch);

  // Changed when the provider refused a request's shape; kept, so later calls are sent acceptable from the start.
  let shape: RequestShape = INITIAL_REQUEST_SHAPE;

  async function complete(request: LLMRequest): Promise<LLMResponse> {
    if (model instanceof LLMError) throw model;
    if (request.cacheHints === false && shape.cacheHints) shape = { ...shape, cacheHints: false };
    let callOptions = toCallOptions(request, config, shape);
    let repaired = false;
    for (let attempt = 1; ; attempt += 1) {
      if (request.signal?.aborted) throw new LLMError('aborted', 'The model call was cancelled.');
      const outcome = await attemptCompletion({
        model,
        callOptions,
        onDelta: (delta) => request.onDelta?.(delta),
        signal: request.signal,
        idleTimeoutMs,
        context: { provider: config.provider, model: config.model, apiKey: config.api_key, now: Date.now() },
      });
      if (outcome.ok) return toResponse(outcome.value, config);
      const { error, retryable, retryAfterMs, unreachable } = outcome.failure;
      const reshaped = reshapeAfterRefusal(shape, outcome.failure, repaired);
      if (reshaped) {
        // One more try, not counted as a transient retry: the same request would fail the same way.
        if (reshaped.repair !== shape.repair) repaired = true;
        if (shape.cacheHints && !reshaped.cacheHints) request.onCacheHintsRefused?.();
        shape = reshaped;
        callOptions = toCallOptions(request, config, shape);
        request.onRetry?.(resendNotice(error), attempt + 1, 0);
        attempt -= 1;
        continue;
      }
      if (!retryable || attempt >= retry.maxAttempts) throw error;
      if (unreachable && request.failFastWhenUnreachable) throw error;
      const delayMs = backoffDelay(attempt, retry, random, retryAfterMs);
      request.onRetry?.(error, attempt + 1, delayMs);
      await sleepUnlessAborted(sleep, delayMs, request.signal);
    }
  }

  return { provider: config.provider, model: config.model, prices: config.prices, complete };
}

function buildModel(config: LLMConfig, fetch: FetchFunction | undefined): ProviderModel | LLMError {
  if (config.provider === 'openai-compatible' && !config.base_url) {
    return new LLMError(
      'not_found',
      'No base URL is set for the OpenAI-compatible provider. Add it in Settings (for example http://localhost:11434/v1).',
    );
  }
  return createProviderModel(config, fetch);
}

function resendNotice(refusal: LLMError): LLMError {
  return new LLMError(
    refusal.code,
    `The model provider refused the conversation as it was sent (${refusal.status ?? 400}); sending it again in a simpler form.`,
    refusal.status,
  );
}

function toResponse(streamed: StreamedCompletion, config: LLMConfig): LLMResponse {
  return {
    id: streamed.id ?? `llm-${randomUUID()}`,
    text: streamed.text,
    ...(streamed.reasoning ? { reasoning: streamed.reasoning } : {}),
    ...(streamed.reasoning && streamed.reasoning_signature
      ? { reasoning_signature: streamed.reasoning_signature }
      : {}),
    tool_calls: streamed.tool_calls,
    usage: {
      prompt_tokens: streamed.usage?.inputTokens.total ?? 0,
      completion_tokens: streamed.usage?.outputTokens.total ?? 0,
      cache_read_tokens: streamed.usage?.inputTokens.cacheRead ?? 0,
      cache_write_tokens: streamed.usage?.inputTokens.cacheWrite ?? 0,
      reasoning_tokens: streamed.usage?.outputTokens.reasoning ?? 0,
      cost: usageCost(config.model, streamed.usage, config.prices),
    },
    finish_reason: streamed.finish_reason,
  };
}

/** Sleeps, but a cancel during the wait rejects at once as `aborted` whatever `sleep` does. */
async function sleepUnlessAborted(
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const aborted = () => new LLMError('aborted', 'The model call was cancelled.');
  if (signal?.aborted) throw aborted();
  const cancel = new AbortController();
  const cancelled = new Promise<never>((_, reject) => {
    signal?.addEventListener('abort', () => reject(aborted()), { once: true, signal: cancel.signal });
  });
  try {
    await Promise.race([sleep(ms, signal).catch(() => undefined), cancelled]);
  } finally {
    cancel.abort(); // removes the abort listener
  }
  if (signal?.aborted) throw aborted();
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
