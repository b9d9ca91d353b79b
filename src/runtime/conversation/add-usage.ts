import type { LLMUsage } from '../llm/llm';
import type { ConversationLog } from './conversation-log';

/** Adds one model call's usage to the conversation's stats (a logged state change); nothing for none. */
export function addUsage(log: ConversationLog, usage: LLMUsage): void {
  if (usage.prompt_tokens === 0 && usage.completion_tokens === 0 && usage.cost === 0) return;
  const stats = log.record().stats;
  const next = {
    prompt_tokens: stats.prompt_tokens + usage.prompt_tokens,
    completion_tokens: stats.completion_tokens + usage.completion_tokens,
    cost: stats.cost + usage.cost,
  };
  void log.setState('stats', next, { stats: next });
}
