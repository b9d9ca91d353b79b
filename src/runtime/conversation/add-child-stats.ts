import type { Stats } from '../events';
import type { ConversationLog } from './conversation-log';
import { sumStats } from './sum-stats';

/**
 * Adds what a sub-agent spent since the last time to its parent's stats (a logged state change), so
 * the parent's cost shown and its budget checks include its children. Nothing for nothing spent.
 */
export function addChildStats(parent: ConversationLog, child: Stats): void {
  if (child.prompt_tokens === 0 && child.completion_tokens === 0 && !child.cost) return;
  const next = sumStats(parent.record().stats, child);
  void parent.setState('stats', next, { stats: next });
}
