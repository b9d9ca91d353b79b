import type { CondensationPlan, PromptSize } from '../context/condenser';
import { summarizeCondensation } from '../context/condenser-summarize';
import { contextWindowFromError, contextWindowOf, promptBudget } from '../context/context-window';
import { decideCondensation } from '../context/decide-condensation';
import { modelMessages } from '../context/model-messages';
import type { View, ViewItem } from '../context/view';
import {
  estimateItemTokens,
  estimateMessagesTokens,
  estimatePromptTokens,
  estimateToolsTokens,
  type MeasuredPrompt,
} from '../context/token-estimate';
import type { NewEvent } from '../events';
import { type ChatMessage, LLMError, type LLMUsage } from '../llm/llm';
import type { AgentContext, StepOutcome } from './agent-context';
import { llmErrorToConversationError } from './llm-error-to-conversation-error';
import { toolSpecsForModel } from './tool-specs-for-model';

/**
 * What the run learnt about its prompt: the provider's count of the latest one, and the size of a
 * prompt it refused as too long. Kept per step context (one run), so a new run starts from the
 * estimate alone; a WeakMap, so nothing outlives the run.
 */
interface PromptMemory {
  measured?: MeasuredPrompt;
  /** Estimated tokens of the smallest prompt the provider refused as too long in this run. */
  refusedAt?: number;
  /** The window the provider stated when it refused a prompt, over our table's. */
  statedWindow?: number;
}
const memories = new WeakMap<AgentContext, PromptMemory>();

function memoryOf(context: AgentContext): PromptMemory {
  let memory = memories.get(context);
  if (!memory) {
    memory = {};
    memories.set(context, memory);
  }
  return memory;
}

/** After a model call answered: the provider's count of the prompt it read, beside our estimate of it. */
export function rememberPromptSize(context: AgentContext, estimatedTokens: number, usage: LLMUsage): void {
  if (usage.prompt_tokens > 0)
    memoryOf(context).measured = { promptTokens: usage.prompt_tokens, estimatedTokens };
}

/** Our estimate of the prompt these messages make, with the step's tools. */
export function estimateStepPrompt(context: AgentContext, messages: readonly ChatMessage[]): number {
  return estimateMessagesTokens(messages, toolSpecsForModel(context.toolset.tools));
}

/** The estimate of a view's messages, kept while the view lives (a view never changes: a new event makes a new one). */
const viewTokens = new WeakMap<View, number>();

/**
 * Our estimate of the prompt the current view makes, with the step's tools. A step asks twice for the
 * same view (before condensing, then for the call), and the messages are projected only once for it.
 */
export function estimateViewPrompt(context: AgentContext): number {
  const view = context.view();
  let tokens = viewTokens.get(view);
  if (tokens === undefined) {
    tokens = estimateMessagesTokens(modelMessages(view));
    viewTokens.set(view, tokens);
  }
  return tokens + estimateToolsTokens(toolSpecsForModel(context.toolset.tools));
}

/**
 * The next prompt's size against the model's budget. After the provider refused a prompt, the
 * rest of the run uses the window it stated in the refusal, or else at most three quarters of the
 * prompt it refused.
 */
export function promptSizeOf(context: AgentContext): PromptSize {
  const memory = memoryOf(context);
  const window =
    memory.statedWindow ??
    contextWindowOf(context.llm.model, context.llm.provider, context.condenser.contextWindows);
  let budget = promptBudget(window, context.condenser.windowFraction);
  // Without a stated window, a refused prompt of our estimate's size bounds it from above.
  if (memory.statedWindow === undefined && memory.refusedAt !== undefined)
    budget = Math.min(budget, Math.floor(memory.refusedAt * 0.75));
  const estimated = estimateViewPrompt(context);
  return { tokens: estimatePromptTokens(estimated, memory.measured), budget };
}

/**
 * Condenses the view before a model call when it outgrew its budget (or the item cap) or a
 * condensation was requested. Returns undefined when the step may go on (nothing to do, or done),
 * or the outcome that ends it.
 */
export async function condenseIfNeeded(context: AgentContext): Promise<StepOutcome | undefined> {
  const size = promptSizeOf(context);
  const decision = decideCondensation({
    kind: 'before_step',
    items: context.view().items,
    branch: context.branch(),
    options: context.condenser,
    size,
    headTokens: (head) => headTokens(context, head),
  });
  if (!decision) return undefined;
  const failed = await condense(context, decision.plan, size.budget);
  return failed ?? undefined;
}

/**
 * After the provider refused the prompt as longer than its window: condenses harder than the soft
 * trigger (a smaller tail, a budget lowered to below what was refused) so the step can be retried.
 * The first refusal of a step condenses as usual; a later one, or one where no ordinary cut frees a
 * tenth of the view, does a hard reset (planHardReset), so a long run does not end on the window.
 * While it works, the transcript shows the step retrying. Returns `retry`, or the outcome that ends
 * the step: the overflow itself when nothing at all can be forgotten.
 */
export async function condenseAfterOverflow(
  context: AgentContext,
  overflow: LLMError,
  sentTokens: number,
  refusals = 1,
): Promise<'retry' | StepOutcome> {
  const memory = memoryOf(context);
  memory.refusedAt = Math.min(memory.refusedAt ?? sentTokens, sentTokens);
  memory.statedWindow = contextWindowFromError(overflow.detail) ?? memory.statedWindow;
  memory.measured = undefined;
  const size = promptSizeOf(context);
  const decision = decideCondensation({
    kind: 'after_overflow',
    items: context.view().items,
    options: context.condenser,
    size,
    sentTokens,
    refusals,
  });
  if (!decision) return { kind: 'error', ...llmErrorToConversationError(overflow) };
  const { plan } = decision;
  const itemId = context.newId();
  context.publish({ type: 'item_started', item_id: itemId, anchor_seq: context.lastSeq() });
  context.publish({
    type: 'item_retrying',
    item_id: itemId,
    attempt: refusals + 1,
    delay_ms: 0,
    code: overflow.code,
    reason:
      decision.reason === 'hard_reset'
        ? 'The conversation is still longer than the model can read: keeping only the task, a summary and the latest turn, then trying again.'
        : 'The conversation is longer than the model can read: condensing it, then trying again.',
  });
  const failed = await condense(context, plan, size.budget);
  context.publish({
    type: 'item_aborted',
    item_id: itemId,
    reason: failed ? 'condensing failed' : 'condensed',
  });
  return failed ?? 'retry';
}

/** The estimated size of what a condensation keeps at the head, with the tool specs. */
function headTokens(context: AgentContext, head: readonly ViewItem[]): number {
  let tokens = estimateStepPrompt(context, []);
  for (const item of head) tokens += estimateItemTokens(item);
  return tokens;
}

/** Summarises the plan and appends its Condensation; the outcome that ends the step when that fails. */
async function condense(
  context: AgentContext,
  plan: CondensationPlan,
  budget: number,
): Promise<StepOutcome | undefined> {
  try {
    const event = await summarizeCondensation(plan, context.llm, {
      id: context.newId(),
      timestamp: context.now(),
      signal: context.signal,
      onUsage: (usage) => context.addUsage(usage),
      endedAt: () => context.now(),
      maxInputTokens: budget,
    });
    await context.append(event);
    return undefined;
  } catch (error) {
    if (!(error instanceof LLMError)) throw error;
    if (error.code === 'aborted' || context.signal.aborted) return { kind: 'aborted' };
    // The last resort must not end on the window itself: forget without a new summary.
    if (plan.mode === 'hard_reset' && error.code === 'context_overflow') {
      await context.append(unsummarizedReset(plan, context));
      return undefined;
    }
    return { kind: 'error', ...llmErrorToConversationError(error) };
  }
}

/** A hard reset whose summary call was refused too: the earlier summary, if any, stands in for it. */
function unsummarizedReset(plan: CondensationPlan, context: AgentContext): NewEvent {
  const earlier = plan.forgotten.find((item) => item.kind === 'CondensationSummary');
  const note =
    '(Earlier events were dropped to fit the model; a summary of them could not be written. Check the workspace for the current state.)';
  return {
    kind: 'Condensation',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    forgotten_event_ids: plan.forgottenEventIds,
    summary: earlier?.kind === 'CondensationSummary' ? `${earlier.summary}\n\n${note}` : note,
    summary_offset: plan.offset,
    mode: 'hard_reset',
  };
}
