import type { Event } from '../events';
import { cutPoints } from './cut-points';
import type { ViewItem } from './view';

export interface CondenserOptions {
  /**
   * A secondary cap: condense when the view holds more items than this, however few tokens they
   * are. It keeps a long run of small steps from growing a view the model reads poorly and every
   * step rebuilds. The main trigger is the prompt's size against the model's context window.
   */
  maxEvents: number;
  /** Items at the head of the view that are never forgotten (the system prompt, the task). */
  keepFirst: number;
  /** Share of the context window a prompt may fill (minus room for the reply) before condensing. Default 0.75. */
  windowFraction?: number;
  /** Context windows in tokens by model name, over the built-in table (see contextWindowOf). */
  contextWindows?: Readonly<Record<string, number>>;
}

export const DEFAULT_CONDENSER_OPTIONS: CondenserOptions = {
  maxEvents: 400,
  keepFirst: 2,
  windowFraction: 0.75,
};

/** `soft`: the view outgrew its budget; `hard`: something asked for it (a CondensationRequest). */
export type CondensationTrigger = 'none' | 'soft' | 'hard';

/** The estimated prompt of the next call against what it may be (see promptBudget). */
export interface PromptSize {
  tokens: number;
  budget: number;
}

/**
 * Pure: does this view need condensing? A request counts only when no Condensation came after it.
 * Without `size` only the item cap applies.
 */
export function condensationTrigger(
  items: readonly ViewItem[],
  branch: readonly Event[],
  options: CondenserOptions,
  size?: PromptSize,
): CondensationTrigger {
  if (hasUnhandledRequest(branch)) return 'hard';
  if (items.length > options.maxEvents) return 'soft';
  return size && size.tokens > size.budget ? 'soft' : 'none';
}

function hasUnhandledRequest(branch: readonly Event[]): boolean {
  for (let index = branch.length - 1; index >= 0; index--) {
    const kind = branch[index]?.kind;
    if (kind === 'Condensation') return false;
    if (kind === 'CondensationRequest') return true;
  }
  return false;
}

/** How much of the newest items a condensation may keep, in estimated tokens. */
export interface TailLimit {
  tokens: number;
  estimate(item: ViewItem): number;
}

/**
 * Pure: the tokens of newest items to keep. Normally half the budget, so a condensed view has room
 * to grow again. After the provider refused a prompt of `sentTokens` as too long, our idea of the
 * window was wrong: keep a quarter of that prompt or of the budget, whichever is smaller.
 */
export function tailTokenLimit(budget: number, sentTokens: number, afterOverflow: boolean): number {
  if (!afterOverflow) return Math.floor(budget / 2);
  return Math.floor(Math.min(budget, sentTokens) / 4);
}

export interface CondensationPlan {
  /** Where the summary will stand in the view: the first forgotten index. */
  offset: number;
  /** The slice to summarise, in view order (may include an earlier summary, which is folded in). */
  forgotten: ViewItem[];
  forgottenEventIds: string[];
  /** `hard_reset`: the last resort of planHardReset. Absent: an ordinary condensation. */
  mode?: 'hard_reset';
}

/**
 * A condensation must forget at least this share of the view's items, or it does not happen: a
 * summary call that frees next to nothing is paid again at the next step, and the step after.
 */
export const MIN_FORGOTTEN_SHARE = 0.1;

/**
 * Pure: which middle slice to forget. Keeps the first `keepFirst` items and a tail of at most half
 * the item cap (or half the view, when a request came before it filled) and, given `tail`, at most
 * that many tokens; both ends move to cut points so no tool call is parted from its result.
 * Null when nothing can be forgotten, or less than MIN_FORGOTTEN_SHARE of the items.
 */
export function planCondensation(
  items: readonly ViewItem[],
  options: CondenserOptions,
  tail?: TailLimit,
): CondensationPlan | null {
  // A request may come while the view is still under the cap: halve what there is.
  const target = Math.floor(Math.min(options.maxEvents, items.length) / 2);
  let keepTail = Math.max(0, target - options.keepFirst - 1);
  if (tail) keepTail = Math.min(keepTail, itemsWithin(items, tail));
  const cuts = cutPoints(items);
  const start = cuts.find((cut) => cut >= options.keepFirst);
  const end = cuts.find((cut) => cut >= items.length - keepTail);
  if (start === undefined || end === undefined || end <= start) return null;
  const forgotten = items.slice(start, end);
  const forgottenEventIds = forgotten
    .filter((item) => item.kind !== 'CondensationSummary')
    .map((item) => item.id);
  if (forgottenEventIds.length === 0) return null;
  if (forgottenEventIds.length < items.length * MIN_FORGOTTEN_SHARE) return null;
  return { offset: start, forgotten, forgottenEventIds };
}

/** How many of the newest items fit in `tail.tokens`. */
function itemsWithin(items: readonly ViewItem[], tail: TailLimit): number {
  let used = 0;
  let count = 0;
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index];
    if (!item) break;
    used += tail.estimate(item);
    if (used > tail.tokens) break;
    count += 1;
  }
  return count;
}
