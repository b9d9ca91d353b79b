import type { CondensationPlan, TailLimit } from './condenser';
import { cutPoints } from './cut-points';
import type { ViewItem } from './view-item';

/**
 * Pure: the last resort when the provider still refuses the prompt and no ordinary cut helps. Keeps
 * the system prompt, the person's first message (the task) and the latest turn (the view from its
 * last cut point: a whole tool-call batch with its answers, or a message), and forgets everything
 * else, an earlier summary included (it is folded into the new one, which stands right after the
 * task). A latest turn longer than `tail.tokens` is forgotten too, and so is one when nothing else
 * is left: the summary carries it, and a view that still overflows would end the run. Null when
 * nothing at all is left to forget.
 */
export function planHardReset(items: readonly ViewItem[], tail: TailLimit): CondensationPlan | null {
  const cuts = cutPoints(items);
  const turnStart = cuts.filter((cut) => cut < items.length).at(-1) ?? items.length;
  const turnTokens = items.slice(turnStart).reduce((sum, item) => sum + tail.estimate(item), 0);
  if (turnTokens > tail.tokens) return planKeeping(items, items.length);
  // With nothing else left to forget, the latest turn goes too: the prompt was refused as it is.
  return planKeeping(items, turnStart) ?? planKeeping(items, items.length);
}

/** Forgets everything before `turnStart` but the system prompt and the first user message. */
function planKeeping(items: readonly ViewItem[], turnStart: number): CondensationPlan | null {
  const firstUserMessage = items.find((item) => item.kind === 'MessageEvent' && item.source === 'user');
  const isHead = (item: ViewItem) => item.kind === 'SystemPromptEvent' || item === firstUserMessage;
  const head = items.slice(0, turnStart).filter(isHead);
  const forgotten = items.slice(0, turnStart).filter((item) => !isHead(item));
  const forgottenEventIds = forgotten
    .filter((item) => item.kind !== 'CondensationSummary')
    .map((item) => item.id);
  if (forgottenEventIds.length === 0) return null;
  return { offset: head.length, forgotten, forgottenEventIds, mode: 'hard_reset' };
}
