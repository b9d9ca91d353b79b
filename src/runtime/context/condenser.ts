import type { Event } from '../events';
import { cutPoints } from './cut-points';
import type { ViewItem } from './view';

export interface CondenserOptions {
  /** Condense when the view holds more items than this. */
  maxEvents: number;
  /** Items at the head of the view that are never forgotten (the system prompt, the task). */
  keepFirst: number;
}

export const DEFAULT_CONDENSER_OPTIONS: CondenserOptions = { maxEvents: 120, keepFirst: 2 };

/** `soft`: the view outgrew its window; `hard`: something asked for it (a CondensationRequest). */
export type CondensationTrigger = 'none' | 'soft' | 'hard';

/** Pure: does this view need condensing? A request counts only when no Condensation came after it. */
export function condensationTrigger(
  items: readonly ViewItem[],
  branch: readonly Event[],
  options: CondenserOptions,
): CondensationTrigger {
  if (hasUnhandledRequest(branch)) return 'hard';
  return items.length > options.maxEvents ? 'soft' : 'none';
}

function hasUnhandledRequest(branch: readonly Event[]): boolean {
  for (let index = branch.length - 1; index >= 0; index--) {
    const kind = branch[index]?.kind;
    if (kind === 'Condensation') return false;
    if (kind === 'CondensationRequest') return true;
  }
  return false;
}

export interface CondensationPlan {
  /** Where the summary will stand in the view: the first forgotten index. */
  offset: number;
  /** The slice to summarise, in view order (may include an earlier summary, which is folded in). */
  forgotten: ViewItem[];
  forgottenEventIds: string[];
}

/**
 * Pure: which middle slice to forget. Keeps the first `keepFirst` items and enough of the tail to
 * land at half the window (or half the view, when a request came before the window filled), and moves both ends to cut points so no tool call is parted from its
 * result. Null when nothing can be forgotten.
 */
export function planCondensation(
  items: readonly ViewItem[],
  options: CondenserOptions,
): CondensationPlan | null {
  // A request may come while the view is still under the window: halve what there is.
  const target = Math.floor(Math.min(options.maxEvents, items.length) / 2);
  const keepTail = Math.max(0, target - options.keepFirst - 1);
  const cuts = cutPoints(items);
  const start = cuts.find((cut) => cut >= options.keepFirst);
  const end = cuts.find((cut) => cut >= items.length - keepTail);
  if (start === undefined || end === undefined || end <= start) return null;
  const forgotten = items.slice(start, end);
  const forgottenEventIds = forgotten
    .filter((item) => item.kind !== 'CondensationSummary')
    .map((item) => item.id);
  if (forgottenEventIds.length === 0) return null;
  return { offset: start, forgotten, forgottenEventIds };
}
