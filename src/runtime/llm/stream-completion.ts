import type { ToolCall } from '../events';
import { LLMError, type LLMDelta } from './llm';
import type { ModelCallOptions, ModelUsage, ProviderModel } from './model-types';

/** What one streamed model call produced, before usage is priced. */
export interface StreamedCompletion {
  id?: string;
  text: string;
  reasoning: string;
  tool_calls: ToolCall[];
  usage?: ModelUsage;
  finish_reason: string;
}

/**
 * Runs exactly one provider call (`doStream`, below the SDK's retrying, tool-parsing helpers) and
 * folds its parts. Text and reasoning fragments go to `onDelta` as they arrive; `onActivity` fires
 * on every part so the caller can run an idle timeout. Tool-call arguments are the provider's raw
 * text, never parsed here. Rejects with whatever the provider threw or put in an `error` part; the
 * caller classifies it.
 */
export async function streamCompletion(
  model: ProviderModel,
  options: ModelCallOptions,
  onDelta: (delta: LLMDelta) => void,
  onActivity: () => void,
): Promise<StreamedCompletion> {
  const { stream } = await model.doStream(options);
  const reader = stream.getReader();
  const result: StreamedCompletion = { text: '', reasoning: '', tool_calls: [], finish_reason: '' };
  let finished = false;
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      onActivity();
      switch (part.type) {
        case 'response-metadata':
          result.id ??= part.id;
          break;
        case 'text-delta':
          result.text += part.delta;
          if (part.delta) onDelta({ kind: 'text', content: part.delta });
          break;
        case 'reasoning-delta':
          result.reasoning += part.delta;
          if (part.delta) onDelta({ kind: 'reasoning', content: part.delta });
          break;
        case 'tool-call':
          result.tool_calls.push({ id: part.toolCallId, name: part.toolName, arguments: part.input });
          break;
        case 'finish':
          finished = true;
          result.usage = part.usage;
          result.finish_reason = part.finishReason.raw ?? part.finishReason.unified;
          break;
        case 'error':
          throw part.error;
        default:
          // tool-input-* fragments, stream-start warnings, sources, raw chunks: nothing we carry.
          break;
      }
    }
  } finally {
    // After an error part or an abort the body may still be open: release it.
    reader.cancel().catch(() => undefined);
  }
  if (!finished)
    throw new LLMError('bad_response', 'The model stream ended without a finish marker. Try again.');
  return result;
}
