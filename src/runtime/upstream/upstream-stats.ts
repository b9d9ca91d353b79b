import type { InfoStats, UpstreamMetrics } from '../events';

/**
 * Our stats with upstream's `usage_to_metrics` beside them (one usage, `agent`: titles and condensing
 * are counted in the same totals). Upstream's cost is a number, so an unknown cost (our `cost: null`,
 * a model with no known price) is 0 there; our own field keeps saying null. Pure.
 */
export function withUpstreamMetrics(stats: InfoStats, modelName: string): InfoStats {
  const { usage_to_metrics: _previous, ...ours } = stats;
  const metrics: UpstreamMetrics = {
    model_name: modelName,
    accumulated_cost: ours.cost ?? 0,
    max_budget_per_task: null,
    accumulated_token_usage: {
      model: modelName,
      prompt_tokens: ours.prompt_tokens,
      completion_tokens: ours.completion_tokens,
      cache_read_tokens: ours.cache_read_tokens ?? 0,
      cache_write_tokens: ours.cache_write_tokens ?? 0,
      reasoning_tokens: 0,
      context_window: 0,
      per_turn_token: 0,
      response_id: '',
    },
    costs: [],
    response_latencies: [],
    token_usages: [],
  };
  return { ...ours, usage_to_metrics: { agent: metrics } };
}
