import type { ActionEvent, Event, Stats } from '../api/wire-types';

/** One model call's figures as the log records them. */
export type StepMetrics = NonNullable<ActionEvent['metrics']>;

export interface StepMetricsRow {
  /** The event the call became: an agent reply, the first action of a batch, a condensation. */
  eventId: string;
  seq: number;
  /** `summary`: a condensation's summary call; `step`: an agent step. */
  purpose: 'step' | 'summary';
  metrics: StepMetrics;
}

export interface MetricsTotals {
  calls: number;
  prompt_tokens: number;
  cache_read_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  /** Null as soon as one call's price is unknown: a sum without it would understate. */
  cost: number | null;
  latency_ms: number;
}

/** Every model call recorded on these events, in log order. Pure. */
export function stepMetricsRows(events: readonly Event[]): StepMetricsRow[] {
  const rows: StepMetricsRow[] = [];
  for (const event of events) {
    const metrics = metricsOf(event);
    if (!metrics) continue;
    rows.push({
      eventId: event.id,
      seq: event.seq,
      purpose: event.kind === 'Condensation' ? 'summary' : 'step',
      metrics,
    });
  }
  return rows;
}

/** The sums of the rows; zero calls sum to zero. Pure. */
export function metricsTotals(rows: readonly StepMetricsRow[]): MetricsTotals {
  const totals: MetricsTotals = {
    calls: 0,
    prompt_tokens: 0,
    cache_read_tokens: 0,
    completion_tokens: 0,
    reasoning_tokens: 0,
    cost: 0,
    latency_ms: 0,
  };
  for (const { metrics } of rows) {
    totals.calls += 1;
    totals.prompt_tokens += metrics.prompt_tokens;
    totals.cache_read_tokens += metrics.cache_read_tokens;
    totals.completion_tokens += metrics.completion_tokens;
    totals.reasoning_tokens += metrics.reasoning_tokens;
    totals.cost = totals.cost === null || metrics.cost === null ? null : totals.cost + metrics.cost;
    totals.latency_ms += metrics.latency_ms;
  }
  return totals;
}

/**
 * The prompt of the latest agent step in tokens, as the provider counted it: how full the model's
 * window was at the last request. A summary call reads a different prompt, so it does not count.
 * Undefined before the first recorded step.
 */
export function lastRequestTokens(events: readonly Event[]): number | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (!event || event.kind === 'Condensation') continue;
    const metrics = metricsOf(event);
    if (metrics && metrics.prompt_tokens > 0) return metrics.prompt_tokens;
  }
  return undefined;
}

/** The share of input served from the prompt cache over the conversation; null before any input. */
export function cacheHitRate(stats: Stats): number | null {
  if (stats.prompt_tokens <= 0) return null;
  return Math.min(1, (stats.cache_read_tokens ?? 0) / stats.prompt_tokens);
}

function metricsOf(event: Event): StepMetrics | undefined {
  if (event.kind === 'ActionEvent' || event.kind === 'MessageEvent' || event.kind === 'Condensation')
    return event.metrics;
  return undefined;
}
