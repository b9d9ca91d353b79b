import { condensationTrigger, planCondensation } from '../context/condenser';
import { summarizeCondensation } from '../context/condenser-summarize';
import { LLMError } from '../llm/llm';
import type { AgentContext, StepOutcome } from './agent-context';
import { llmErrorToConversationError } from './llm-error-to-conversation-error';

/**
 * Condenses the view before a model call when it outgrew its window or a condensation was requested.
 * Returns undefined when the step may go on (nothing to do, or done), or the outcome that ends it.
 */
export async function condenseIfNeeded(context: AgentContext): Promise<StepOutcome | undefined> {
  const items = context.view().items;
  if (condensationTrigger(items, context.branch(), context.condenser) === 'none') return undefined;
  const plan = planCondensation(items, context.condenser);
  if (!plan) return undefined;
  try {
    const event = await summarizeCondensation(plan, context.llm, {
      id: context.newId(),
      timestamp: context.now(),
      signal: context.signal,
      onUsage: (usage) => context.addUsage(usage),
    });
    context.append(event);
    return undefined;
  } catch (error) {
    if (!(error instanceof LLMError)) throw error;
    if (error.code === 'aborted' || context.signal.aborted) return { kind: 'aborted' };
    return { kind: 'error', ...llmErrorToConversationError(error) };
  }
}
