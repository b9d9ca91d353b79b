import type { Event } from '../events';
import {
  type CondensationPlan,
  type CondenserOptions,
  condensationTrigger,
  type PromptSize,
  planCondensation,
  tailTokenLimit,
} from './condenser';
import { planHardReset } from './plan-hard-reset';
import { estimateItemTokens } from './token-estimate';
import type { ViewItem } from './view';

/**
 * Why a view is condensed: the person (or agent) asked, the prompt outgrew its budget or the item
 * cap, or the provider refused a prompt again and only a hard reset can go on.
 */
export type CondensationReason = 'asked' | 'over_threshold' | 'hard_reset';

export interface CondensationDecision {
  reason: CondensationReason;
  plan: CondensationPlan;
}

/** The moment a condensation may happen, with what each moment knows. */
export type CondensationMoment =
  /** Condense now, on demand, with no run going: anything after the system prompt and task may go. */
  | { kind: 'on_demand'; items: readonly ViewItem[]; options: CondenserOptions }
  /** Before a step's model call: a request in the log, the item cap, or the prompt over its budget. */
  | {
      kind: 'before_step';
      items: readonly ViewItem[];
      branch: readonly Event[];
      options: CondenserOptions;
      size: PromptSize;
      /** The estimated tokens of what a condensation keeps at the head (with the tool specs). */
      headTokens(head: readonly ViewItem[]): number;
    }
  /** The provider refused a prompt of `sentTokens` as too long (`refusals` times this step). */
  | {
      kind: 'after_overflow';
      items: readonly ViewItem[];
      options: CondenserOptions;
      size: PromptSize;
      sentTokens: number;
      refusals: number;
    };

/**
 * Pure: the one place that decides whether to condense, why, and what. Undefined when nothing
 * should be (or can be) forgotten.
 */
export function decideCondensation(moment: CondensationMoment): CondensationDecision | undefined {
  const { items, options } = moment;
  if (moment.kind === 'on_demand') {
    const plan = planCondensation(items, options);
    return plan ? { reason: 'asked', plan } : undefined;
  }
  if (moment.kind === 'after_overflow') {
    const tail = {
      tokens: tailTokenLimit(moment.size.budget, moment.sentTokens, true),
      estimate: estimateItemTokens,
    };
    // The first refusal of a step condenses as usual; a later one, or one where no ordinary cut
    // frees a tenth of the view, resets hard, so a long run does not end on the window.
    const ordinary = moment.refusals === 1 ? planCondensation(items, options, tail) : null;
    const plan = ordinary ?? planHardReset(items, tail);
    if (!plan) return undefined;
    return { reason: plan.mode === 'hard_reset' ? 'hard_reset' : 'over_threshold', plan };
  }
  const { size } = moment;
  const trigger = condensationTrigger(items, moment.branch, options, size);
  if (trigger === 'none') return undefined;
  const plan = planCondensation(items, options, {
    tokens: tailTokenLimit(size.budget, size.tokens, false),
    estimate: estimateItemTokens,
  });
  if (!plan) return undefined;
  // Over the budget because of what is never forgotten (a long system prompt or task on a small
  // window): a summary call each step would free next to nothing. The overflow path still acts
  // if the provider refuses.
  const byTokens = trigger === 'soft' && items.length <= options.maxEvents;
  if (byTokens && moment.headTokens(items.slice(0, plan.offset)) > size.budget * 0.9) return undefined;
  return { reason: trigger === 'hard' ? 'asked' : 'over_threshold', plan };
}
