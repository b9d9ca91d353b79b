import { modelMessages } from '../context/model-messages';
import type { StepMetrics } from '../events';
import type { LLMResponse } from '../llm/llm';
import type { AgentContext, StepOutcome } from './agent-context';
import { callModel, type ModelCall } from './call-model';
import {
  condenseAfterOverflow,
  condenseIfNeeded,
  estimateViewPrompt,
  rememberPromptSize,
} from './condense-if-needed';
import { decideConfirmations } from './decide-confirmations';
import { executeActions } from './execute-actions';
import { llmErrorToConversationError } from './llm-error-to-conversation-error';
import { noticeCacheRestart } from './notice-cache-restart';
import { noticeLargeRequest } from './notice-large-request';
import { recordToolCalls } from './record-tool-calls';
import { runPreToolUseHooks } from './run-pre-tool-use-hooks';
import { toolSpecsForModel } from './tool-specs-for-model';

export const EMPTY_REPLY_NUDGE =
  'Your last reply was empty. Either call a tool to make progress, or answer with a message if the task is done or you need the person.';

/**
 * A step whose prompt the provider refuses as too long is condensed and asked again, then hard-reset
 * and asked again; a third refusal ends the run with the error (the task itself is too long).
 */
const MAX_OVERFLOW_RETRIES = 2;

/**
 * One agent step: condense the view if due, ask the model once, record its answer as events, then
 * wait for confirmation or execute the actions. A prompt the provider refuses as too long is
 * condensed harder and asked again (see MAX_OVERFLOW_RETRIES). Failures
 * become events or an outcome; it never throws for anything a model, a tool or the network can do.
 */
export async function runAgentStep(context: AgentContext): Promise<StepOutcome> {
  // The last step's changes are made: the next checkpoint can be taken while the model thinks.
  context.prepareCheckpoint?.();
  const condensation = await condenseIfNeeded(context);
  if (condensation) return condensation;
  let call = await askModel(context);
  for (let refusals = 1; !call.ok && call.error.code === 'context_overflow'; refusals++) {
    if (refusals > MAX_OVERFLOW_RETRIES) break;
    const next = await condenseAfterOverflow(context, call.error, call.sentTokens, refusals);
    if (next !== 'retry') return next;
    call = await askModel(context);
  }
  if (!call.ok) {
    if (call.error.code === 'aborted') return { kind: 'aborted' };
    return { kind: 'error', ...llmErrorToConversationError(call.error) };
  }
  if (call.response.tool_calls.length === 0)
    return recordReply(call.response, call.itemId, call.metrics, context);
  const actions = await recordToolCalls(call.response, call.itemId, context, call.metrics);
  if (actions.length === 0) return { kind: 'continue' };
  const hooked = await runPreToolUseHooks(actions, context);
  const decided = decideConfirmations(hooked.actions, context, hooked.asked);
  if (decided.wait) return { kind: 'waiting' };
  if (decided.runnable.length === 0) return { kind: 'continue' };
  return await executeActions(decided.runnable, context);
}

/** One model call on the current view; remembers the provider's count of the prompt for the next trigger. */
async function askModel(context: AgentContext): Promise<ModelCall & { sentTokens: number }> {
  const messages = modelMessages(context.view());
  const sentTokens = estimateViewPrompt(context);
  noticeLargeRequest(context, sentTokens);
  noticeCacheRestart(context);
  const call = await callModel(context, messages, toolSpecsForModel(context.toolset.tools));
  if (call.ok) rememberPromptSize(context, sentTokens, call.response.usage);
  return { ...call, sentTokens };
}

/** Plain text ends the run; an empty reply is recorded and nudged, and the loop goes on. */
function recordReply(
  response: LLMResponse,
  itemId: string,
  metrics: StepMetrics,
  context: AgentContext,
): StepOutcome {
  const text = response.text.trim();
  void context.append({
    kind: 'MessageEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'agent',
    llm_message: { role: 'assistant', content: text ? [{ type: 'text', text: response.text }] : [] },
    llm_response_id: itemId,
    ...(response.reasoning ? { reasoning_content: response.reasoning } : {}),
    extended_content: [],
    metrics,
  });
  if (text) return { kind: 'finished' };
  void context.append({
    kind: 'MessageEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    llm_message: { role: 'user', content: [{ type: 'text', text: EMPTY_REPLY_NUDGE }] },
    extended_content: [],
  });
  return { kind: 'continue' };
}
