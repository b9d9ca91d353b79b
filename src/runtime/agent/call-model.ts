import type { ChatMessage, LLMResponse } from '../llm/llm';
import { LLMError } from '../llm/llm';
import type { StepMetrics, ToolSpec } from '../events';
import { stepMetricsOf } from '../llm/step-metrics-of';
import type { AgentContext } from './agent-context';
import { cacheHintsRefused } from './cache-hints-refused';

export type ModelCall =
  | { ok: true; response: LLMResponse; itemId: string; metrics: StepMetrics }
  | { ok: false; error: LLMError };

/**
 * One streamed model call, mirrored to subscribers as an item: `item_started` (anchored at the last
 * committed seq), its deltas, and `item_aborted` when an attempt is dropped (retry, failure, interrupt);
 * a retry opens the next attempt's item with `item_retrying` (which attempt, after how long, why).
 * The item id of the attempt that succeeds becomes the step's `llm_response_id`, so it is generated
 * here rather than taken from the provider (whose id is only known once the stream has started).
 */
export async function callModel(
  context: AgentContext,
  messages: readonly ChatMessage[],
  tools: ToolSpec[],
): Promise<ModelCall> {
  let itemId = startItem(context);
  const startedAt = context.now();
  // The model this call goes to, even if the conversation switches while it is in flight.
  const model = context.llm.model;
  try {
    const response = await context.llm.complete({
      messages,
      tools,
      cacheKey: context.conversationId,
      cacheHints: !cacheHintsRefused(context.branch(), model),
      onCacheHintsRefused: () => recordCacheHintsRefused(context, model),
      onNativeToolsRefused: () => recordNativeToolsRefused(context, model),
      signal: context.signal,
      onDelta: (delta) =>
        context.publish({ type: 'delta', item_id: itemId, kind: delta.kind, content: delta.content }),
      onRetry: (error, attempt, delayMs) => {
        context.publish({ type: 'item_aborted', item_id: itemId, reason: `retrying: ${error.detail}` });
        itemId = startItem(context);
        context.publish({
          type: 'item_retrying',
          item_id: itemId,
          attempt,
          delay_ms: delayMs,
          code: error.code,
          reason: error.detail,
        });
      },
    });
    context.addUsage(response.usage);
    const metrics = stepMetricsOf(model, response.usage, startedAt, context.now());
    return { ok: true, response, itemId, metrics };
  } catch (error) {
    const llmError =
      error instanceof LLMError
        ? error
        : new LLMError('bad_response', error instanceof Error ? error.message : String(error));
    const reason = context.signal.aborted ? 'interrupted' : llmError.detail;
    context.publish({ type: 'item_aborted', item_id: itemId, reason });
    return { ok: false, error: context.signal.aborted ? new LLMError('aborted', 'interrupted') : llmError };
  }
}

function startItem(context: AgentContext): string {
  const itemId = context.newId();
  context.publish({ type: 'item_started', item_id: itemId, anchor_seq: context.lastSeq() });
  return itemId;
}

/** Tells the person why the model now reads its tools from the prompt (the runtime remembers it). */
function recordNativeToolsRefused(context: AgentContext, model: string): void {
  void context.append({
    kind: 'BudgetEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    notice: 'native_tools_refused',
    model,
    detail: `The endpoint of ${model} refused native tool calls: its tools are described in the prompt and its calls read from its replies from now on.`,
  });
}

/** Remembered in the log (see cacheHintsRefused), so later runs and a restarted runtime send no hint. */
function recordCacheHintsRefused(context: AgentContext, model: string): void {
  void context.append({
    kind: 'BudgetEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    notice: 'cache_hints_refused',
    model,
    detail: `The endpoint of ${model} refused a prompt cache hint: this conversation sends it none from now on, until its model changes.`,
  });
}
