import type { ChatMessage } from './llm';
import type { ModelPrompt, ModelTool } from './model-types';

/** Anthropic refuses a request with more than four `cache_control` blocks. */
export const MAX_CACHE_BREAKPOINTS = 4;

const EPHEMERAL = { anthropic: { cacheControl: { type: 'ephemeral' } } } as const;

/**
 * Where one request's cache breakpoints go, at most four, each at the end of text that the next call
 * sends again unchanged (the log is append-only), so every write can be read back:
 * - the last tool definition (tools come first in Anthropic's prefix);
 * - the last stable system block (the system prompt's static part, the same in every conversation
 *   with these tools; the dynamic part follows it, uncached by this breakpoint);
 * - the end of the previous call's prompt (the message before the latest assistant turn), where that
 *   call wrote its cache, so a turn with many tool results still reads it (Anthropic looks back only
 *   about 20 blocks from a breakpoint);
 * - the latest message, written for the next call to read.
 * Indices are into `messages`, which must be what is sent (after projectForProvider). Pure.
 */
export function anthropicCachePlan(
  messages: readonly ChatMessage[],
  hasTools: boolean,
): { lastTool: boolean; messages: number[] } {
  const marked = new Set<number>();
  const lastStable = messages.findLastIndex((message) => message.role === 'system' && message.stable);
  if (lastStable >= 0) marked.add(lastStable);
  const firstTurn = messages.findIndex((message) => message.role !== 'system');
  if (firstTurn >= 0) {
    const latest = messages.length - 1;
    const latestAssistant = messages.findLastIndex((message) => message.role === 'assistant');
    const previousEnd = latestAssistant - 1;
    if (previousEnd >= firstTurn) marked.add(previousEnd);
    marked.add(latest);
  }
  const indices = [...marked].sort((a, b) => a - b);
  const room = MAX_CACHE_BREAKPOINTS - (hasTools ? 1 : 0);
  return { lastTool: hasTools, messages: indices.slice(-room) };
}

/** The prompt with Anthropic cache breakpoints on the planned messages (on each one's last block). */
export function withMessageBreakpoints(prompt: ModelPrompt, indices: readonly number[]): ModelPrompt {
  return prompt.map((message, index) =>
    indices.includes(index)
      ? { ...message, providerOptions: mergeCacheControl(message.providerOptions) }
      : message,
  );
}

/** The tools with a cache breakpoint on the last definition. */
export function withToolBreakpoint(tools: readonly ModelTool[]): ModelTool[] {
  return tools.map((tool, index) =>
    index === tools.length - 1 && tool.type === 'function'
      ? { ...tool, providerOptions: mergeCacheControl(tool.providerOptions) }
      : tool,
  );
}

type ProviderOptions = NonNullable<ModelPrompt[number]['providerOptions']>;

function mergeCacheControl(options: ProviderOptions | undefined): ProviderOptions {
  return { ...options, anthropic: { ...options?.anthropic, ...EPHEMERAL.anthropic } };
}
