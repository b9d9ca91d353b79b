import type { LLMConfig } from './llm-config';
import type { ChatMessage, LLMPurpose, LLMRequest } from './llm';
import type { ModelCallOptions } from './model-types';
import {
  acceptsMinimalReasoningEffort,
  isOpenAIReasoningModel,
  supportsAnthropicThinking,
} from './reasoning-models';

export type ProviderCallOptions = Partial<Omit<ModelCallOptions, 'abortSignal' | 'prompt' | 'tools'>>;

/**
 * Room for a reasoning model's hidden reasoning on a side call, on top of the visible answer the caller
 * asked for. Without it a 24-token title budget is eaten by reasoning and the answer comes back empty.
 */
export const SIDE_CALL_REASONING_HEADROOM = 2_048;
/** Extended thinking per agent step: a budget, not a spend; the model stops when it has thought enough. */
export const STEP_THINKING_BUDGET = 8_192;
/** Anthropic's smallest thinking budget, for side questions that must keep the turn's thinking mode. */
export const SIDE_THINKING_BUDGET = 1_024;

/**
 * Per provider and model call settings beyond the prompt and tools: provider options (reasoning
 * summaries, extended thinking), and output budgets that leave room for reasoning on side calls.
 * Merged over the generic call options; what it returns wins. Pure.
 */
export function providerCallOptions(config: LLMConfig, request: LLMRequest): ProviderCallOptions {
  const purpose = request.purpose ?? 'step';
  if (config.provider === 'openai' && isOpenAIReasoningModel(config.model)) {
    return openAIReasoningOptions(config.model, purpose, request.maxOutputTokens);
  }
  if (config.provider === 'anthropic' && supportsAnthropicThinking(config.model)) {
    return anthropicThinkingOptions(purpose, request.messages);
  }
  return {};
}

/**
 * Stateless Responses API calls (`store: false`: nothing kept at OpenAI, no response ids to chain).
 * Agent steps ask for reasoning summaries, which stream as the agent's visible thinking; side calls
 * ask for as little reasoning as the model allows and get headroom above the caller's cap.
 */
function openAIReasoningOptions(
  model: string,
  purpose: LLMPurpose,
  maxOutputTokens: number | undefined,
): ProviderCallOptions {
  const base = { store: false, forceReasoning: true };
  if (purpose === 'step') {
    return { providerOptions: { openai: { ...base, reasoningSummary: 'auto' } } };
  }
  const effort = acceptsMinimalReasoningEffort(model) ? 'minimal' : 'low';
  return {
    providerOptions: { openai: { ...base, reasoningEffort: effort } },
    maxOutputTokens: (maxOutputTokens ?? 0) + SIDE_CALL_REASONING_HEADROOM,
  };
}

/**
 * Extended thinking for agent steps (and side questions, which replay the same turn). The AI SDK adds
 * the budget to `max_tokens`, so the visible answer keeps its own cap, and it drops temperature.
 * Titles, connection tests and summaries do not think: they are short and cheap by design.
 * Anthropic refuses a tool-use turn whose last assistant message lost its signed thinking block (an
 * older log, a model switch, a turn with several blocks), so such a call goes without thinking.
 */
function anthropicThinkingOptions(
  purpose: LLMPurpose,
  messages: readonly ChatMessage[],
): ProviderCallOptions {
  if (purpose !== 'step' && purpose !== 'side_question') return {};
  if (midToolTurnWithoutSignature(messages)) return {};
  const budgetTokens = purpose === 'step' ? STEP_THINKING_BUDGET : SIDE_THINKING_BUDGET;
  return { providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens } } } };
}

/** The latest assistant message called tools and has no signed thinking to send back. */
function midToolTurnWithoutSignature(messages: readonly ChatMessage[]): boolean {
  const last = messages.findLast((message) => message.role === 'assistant');
  if (last?.role !== 'assistant' || last.tool_calls.length === 0) return false;
  return !(last.reasoning?.trim() && last.reasoning_signature);
}
