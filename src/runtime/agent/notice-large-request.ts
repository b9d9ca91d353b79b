import { contextWindowOf } from '../context/context-window';
import { priceOf } from '../llm/usage-cost';
import type { AgentContext } from './agent-context';
import {
  LARGE_MEDIAN_FACTOR,
  LARGE_WINDOW_SHARE,
  largeRequestReason,
  median,
  RECENT_REQUESTS,
} from './large-request';

/** The run's recent request sizes, and whether the latest was already noticed as large. */
interface RequestMemory {
  recent: number[];
  noticed: boolean;
}
// Per step context (one run), like the prompt memory of condense-if-needed: nothing outlives the run.
const memories = new WeakMap<AgentContext, RequestMemory>();

/**
 * Before a model call: records a `large_request` BudgetEvent when the request is unusually large
 * (see largeRequestReason), with its estimated tokens and their cost at the model's input price
 * (null when the model has no known price). Once per stretch of large requests, not every step.
 */
export function noticeLargeRequest(context: AgentContext, tokens: number): void {
  let memory = memories.get(context);
  if (!memory) {
    memory = { recent: [], noticed: false };
    memories.set(context, memory);
  }
  const window = contextWindowOf(context.llm.model, context.llm.provider, context.condenser.contextWindows);
  const reason = largeRequestReason(tokens, window, memory.recent);
  const compared = memory.recent.slice(-RECENT_REQUESTS);
  memory.recent.push(tokens);
  if (!reason) {
    memory.noticed = false;
    return;
  }
  if (memory.noticed) return;
  memory.noticed = true;
  const price = priceOf(context.llm.model, context.llm.prices);
  const cost = price ? (tokens * price.input) / 1_000_000 : null;
  const why =
    reason === 'window'
      ? `${Math.round((tokens / window) * 100)}% of the model's ${window.toLocaleString('en-US')}-token window (the notice starts at ${LARGE_WINDOW_SHARE * 100}%)`
      : `${(tokens / median(compared)).toFixed(1)} times the median of the run's recent requests (the notice starts at ${LARGE_MEDIAN_FACTOR} times)`;
  void context.append({
    kind: 'BudgetEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    notice: 'large_request',
    estimated_tokens: tokens,
    estimated_cost_usd: cost,
    detail: `The next request is unusually large: about ${tokens.toLocaleString('en-US')} tokens, ${why}. ${
      cost === null
        ? 'Its cost is unknown: this model has no known price.'
        : `At the model's input price it costs about $${cost.toFixed(4)}, before any prompt-cache discount.`
    }`,
  });
}
