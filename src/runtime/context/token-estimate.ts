import type { ToolSpec } from '../events';
import type { ChatMessage } from '../llm/llm';
import { eventsToMessages } from './events-to-messages';
import type { ViewItem } from './view-item';

/**
 * Token estimates without a tokenizer: about four characters of English or code per token (the usual
 * rule of thumb for BPE tokenizers; JSON and non-Latin text run denser, so the budget keeps slack),
 * plus a few tokens per message for the role and framing, and a flat cost per image.
 */
const CHARS_PER_TOKEN = 4;
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_IMAGE = 1_000;

export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** The estimated prompt size of these messages and tool specs, as one model call sends them. */
export function estimateMessagesTokens(
  messages: readonly ChatMessage[],
  tools: readonly ToolSpec[] = [],
): number {
  let tokens = estimateToolsTokens(tools);
  for (const message of messages) tokens += TOKENS_PER_MESSAGE + messageTokens(message);
  return tokens;
}

/** The JSON length of each tool spec, kept while the spec lives: every step estimates the same specs. */
const specLengths = new WeakMap<ToolSpec, number>();

/** The tool specs as the JSON array a call sends: the specs, a comma between two, the brackets. */
export function estimateToolsTokens(tools: readonly ToolSpec[]): number {
  if (tools.length === 0) return 0;
  let length = 2 + (tools.length - 1);
  for (const spec of tools) {
    let specLength = specLengths.get(spec);
    if (specLength === undefined) {
      specLength = JSON.stringify(spec).length;
      specLengths.set(spec, specLength);
    }
    length += specLength;
  }
  return Math.ceil(length / CHARS_PER_TOKEN);
}

/** One view item on its own (for choosing how much of the tail to keep). */
export function estimateItemTokens(item: ViewItem): number {
  return estimateMessagesTokens(eventsToMessages([item]));
}

function messageTokens(message: ChatMessage): number {
  switch (message.role) {
    case 'system':
      return estimateTextTokens(message.content);
    case 'tool':
      return estimateTextTokens(message.content) + estimateTextTokens(message.tool_name);
    case 'assistant': {
      let text = message.content + (message.reasoning ?? '');
      for (const call of message.tool_calls) text += call.name + call.arguments;
      return estimateTextTokens(text);
    }
    case 'user': {
      let tokens = 0;
      for (const block of message.content) {
        tokens +=
          block.type === 'text' ? estimateTextTokens(block.text) : TOKENS_PER_IMAGE * block.image_urls.length;
      }
      return tokens;
    }
  }
}

/** What the provider counted for the latest call, and what we estimated for that same prompt. */
export interface MeasuredPrompt {
  promptTokens: number;
  estimatedTokens: number;
}

/**
 * The prompt size of the next call. Best is the provider's own count of the latest prompt plus our
 * estimate of what changed since (items added, or removed by a condensation, as the difference of
 * two estimates); with no count yet (first call of a run, a provider that reports none), the estimate.
 */
export function estimatePromptTokens(estimatedNow: number, measured: MeasuredPrompt | undefined): number {
  if (!measured || measured.promptTokens <= 0) return estimatedNow;
  return Math.max(0, measured.promptTokens + estimatedNow - measured.estimatedTokens);
}
