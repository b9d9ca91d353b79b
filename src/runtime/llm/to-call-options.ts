import {
  anthropicCachePlan,
  withMessageBreakpoints,
  withToolBreakpoint,
} from './anthropic-cache-breakpoints';
import type { LLMConfig } from './llm-config';
import type { LLMRequest } from './llm';
import type { ModelCallOptions } from './model-types';
import { mergeProviderOptions, promptCacheKeyOptions } from './prompt-cache-key';
import { providerCallOptions } from './provider-call-options';
import { projectForProvider } from './provider-projection';
import type { RequestShape } from './request-shape';
import { toModelPrompt, toModelTools } from './to-model-prompt';

/**
 * One request as the AI SDK's provider call options: the history projected for the provider at the
 * shape's repair level, the tools, the provider's own options (reasoning, thinking), and, while the
 * shape allows them, the prompt cache hints: Anthropic breakpoints (anthropicCachePlan) or the
 * conversation's prompt cache key. Everything before the latest turn is the same bytes on every call
 * of a conversation, so a provider's cache can serve it. Pure.
 */
export function toCallOptions(
  request: LLMRequest,
  config: LLMConfig,
  shape: RequestShape,
): Omit<ModelCallOptions, 'abortSignal'> {
  const hasTools = request.tools.length > 0;
  const messages = projectForProvider(request.messages, {
    provider: config.provider,
    hasTools,
    repair: shape.repair,
  });
  let prompt = toModelPrompt(messages);
  let tools = hasTools ? toModelTools(request.tools, config.provider === 'openai') : undefined;
  if (shape.cacheHints && config.provider === 'anthropic') {
    const plan = anthropicCachePlan(messages, hasTools);
    prompt = withMessageBreakpoints(prompt, plan.messages);
    if (tools && plan.lastTool) tools = withToolBreakpoint(tools);
  }
  // Provider options read what is sent: thinking stays off when the turn lost its signed thinking.
  const provider = providerCallOptions(config, { ...request, messages });
  const providerOptions = mergeProviderOptions(
    provider.providerOptions,
    shape.cacheHints ? promptCacheKeyOptions(config.provider, request.cacheKey) : undefined,
  );
  return {
    prompt,
    ...(tools ? { tools, toolChoice: { type: 'auto' as const } } : {}),
    ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
    ...provider,
    ...(providerOptions ? { providerOptions } : {}),
  };
}
