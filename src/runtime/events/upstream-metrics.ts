import { z } from 'zod';
import { StatsSchema } from './conversation-state';

/**
 * Upstream's `Metrics` of one LLM usage: what the Agent Canvas sums over `stats.usage_to_metrics` to
 * show a conversation's cost and tokens. No per-call lists are kept here: they are always empty.
 */
export const UpstreamMetricsSchema = z.strictObject({
  model_name: z.string(),
  accumulated_cost: z.number().nonnegative(),
  // Never a budget here: always null (typed as upstream types it).
  max_budget_per_task: z.number().nullable(),
  accumulated_token_usage: z.strictObject({
    model: z.string(),
    prompt_tokens: z.number().int().nonnegative(),
    completion_tokens: z.number().int().nonnegative(),
    cache_read_tokens: z.number().int().nonnegative(),
    cache_write_tokens: z.number().int().nonnegative(),
    reasoning_tokens: z.number().int().nonnegative(),
    context_window: z.number().int().nonnegative(),
    per_turn_token: z.number().int().nonnegative(),
    response_id: z.string(),
  }),
  costs: z.array(z.never()),
  response_latencies: z.array(z.never()),
  token_usages: z.array(z.never()),
});

/** A conversation's stats as answered: ours, and upstream's `usage_to_metrics` beside them. */
export const InfoStatsSchema = StatsSchema.extend({
  // Optional: infos recorded before it (fixtures, old clients' caches) had none; answers always carry it.
  usage_to_metrics: z.record(z.string(), UpstreamMetricsSchema).optional(),
});

export type UpstreamMetrics = z.infer<typeof UpstreamMetricsSchema>;
export type InfoStats = z.infer<typeof InfoStatsSchema>;
