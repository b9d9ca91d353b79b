import type { Stats } from '../events';
import type { LLMUsage } from '../llm/llm';
import type { ConversationLog } from './conversation-log';
import { sumStats } from './sum-stats';

/** Adds one model call's usage to the conversation's stats (a logged state change); nothing for none. */
export function addUsage(log: ConversationLog, usage: LLMUsage): void {
  if (usage.prompt_tokens === 0 && usage.completion_tokens === 0 && !usage.cost) return;
  const next = withUsage(log.record().stats, usage);
  void log.setState('stats', next, { stats: next });
}

/** Stats after one more call. A call of unknown price makes the total unknown: a sum without it would lie. Pure. */
export function withUsage(stats: Stats, usage: LLMUsage): Stats {
  return sumStats(stats, usage);
}
