import type { StepMetrics } from '../events';
import type { LLMUsage } from './llm';

/**
 * One call's figures as the log records them. `startedAt` and `endedAt` are ISO timestamps from the
 * conversation's injected clock, so a test's fixed clock records a fixed latency. Pure.
 */
export function stepMetricsOf(
  model: string,
  usage: LLMUsage,
  startedAt: string,
  endedAt: string,
): StepMetrics {
  const latency = Date.parse(endedAt) - Date.parse(startedAt);
  return {
    model,
    prompt_tokens: usage.prompt_tokens,
    cache_read_tokens: usage.cache_read_tokens,
    cache_write_tokens: usage.cache_write_tokens,
    completion_tokens: usage.completion_tokens,
    reasoning_tokens: usage.reasoning_tokens ?? 0,
    cost: usage.cost,
    // A clock set back between the two readings must not record a negative figure.
    latency_ms: Number.isFinite(latency) && latency > 0 ? Math.round(latency) : 0,
  };
}
