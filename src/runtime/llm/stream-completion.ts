import type { ToolCall } from '../events';
import { LLMError, type LLMDelta } from './llm';
import type { ModelCallOptions, ModelUsage, ProviderModel } from './model-types';

/** What one streamed model call produced, before usage is priced. */
export interface StreamedCompletion {
  id?: string;
  text: string;
  reasoning: string;
  /**
   * The provider's signature of `reasoning` (Anthropic thinking), set only when the reasoning came as
   * exactly one signed block: a signature covers its own block, so joined blocks could not be sent back.
   */
  reasoning_signature?: string;
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
  const reasoning = reasoningBlocks();
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
        case 'reasoning-start':
          reasoning.start(part.id);
          break;
        case 'reasoning-delta': {
          reasoning.start(part.id);
          reasoning.sign(part.id, signatureOf(part.providerMetadata));
          if (!part.delta) break;
          // Separate blocks (OpenAI summary parts, several thinking blocks) read as paragraphs.
          const content = reasoning.firstText(part.id) && result.reasoning ? `\n\n${part.delta}` : part.delta;
          result.reasoning += content;
          onDelta({ kind: 'reasoning', content });
          break;
        }
        case 'reasoning-end':
          reasoning.sign(part.id, signatureOf(part.providerMetadata));
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
          // tool-input-* fragments, text-start/-end, stream-start warnings, sources, raw chunks: nothing we carry.
          break;
      }
    }
  } finally {
    // After an error part or an abort the body may still be open: release it.
    reader.cancel().catch(() => undefined);
  }
  if (!finished)
    throw new LLMError('bad_response', 'The model stream ended without a finish marker. Try again.');
  const signature = reasoning.onlySignature();
  return signature && result.reasoning ? { ...result, reasoning_signature: signature } : result;
}

/** The reasoning blocks of one reply, by stream part id, in order, with their signatures. */
function reasoningBlocks() {
  const ids: string[] = [];
  const withText = new Set<string>();
  const signatures = new Map<string, string>();
  return {
    start(id: string) {
      if (!ids.includes(id)) ids.push(id);
    },
    sign(id: string, signature: string | undefined) {
      if (signature) signatures.set(id, signature);
    },
    /** True once per block: at its first text. */
    firstText(id: string): boolean {
      if (withText.has(id)) return false;
      withText.add(id);
      return true;
    },
    onlySignature(): string | undefined {
      return ids.length === 1 ? signatures.get(ids[0] as string) : undefined;
    },
  };
}

/** Anthropic puts a thinking block's signature in the provider metadata of a reasoning part. */
function signatureOf(metadata: unknown): string | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const anthropic = (metadata as Record<string, unknown>).anthropic;
  if (typeof anthropic !== 'object' || anthropic === null) return undefined;
  const signature = (anthropic as Record<string, unknown>).signature;
  return typeof signature === 'string' && signature !== '' ? signature : undefined;
}
