import type { LLM, LLMRequest, LLMResponse } from '../llm';
import type { NativeToolsMemory } from './native-tools-memory';
import { parseTextToolCalls } from './parse-text-tool-calls';
import { projectForTextTools } from './project-for-text-tools';
import { toolsRefused } from './tools-refused';

/** Upstream's LLM field: native function calling on, off, or found out from the first refusal. */
export type NativeToolCalling = boolean | 'auto';

/**
 * A model for which `native_tool_calling` is off (or `auto` and its endpoint refused `tools`): each
 * request goes without `tools`, with the tools described in the prompt and the history projected to
 * text (projectForTextTools), and the calls are read from the reply (parseTextToolCalls), so the loop
 * sees the same tool calls either way. `auto` sends native tools until a refusal naming them, then
 * remembers it for the model and sends the same request once more in the text format, calling
 * `onNativeToolsRefused` first. A request without tools passes through untouched. Rejects as `inner`.
 */
export function withTextToolCalls(
  inner: LLM,
  options: { mode: NativeToolCalling; memory: NativeToolsMemory; key: string; newId: () => string },
): LLM {
  async function inTextFormat(request: LLMRequest): Promise<LLMResponse> {
    const response = await inner.complete({
      ...request,
      messages: projectForTextTools(request.messages, request.tools),
      tools: [],
    });
    const read = parseTextToolCalls(response.text, request.tools, options.newId);
    return {
      ...response,
      text: read.tool_calls.length > 0 ? read.text : response.text,
      tool_calls: [...response.tool_calls, ...read.tool_calls],
      ...(Object.keys(read.errors).length > 0 ? { tool_call_errors: read.errors } : {}),
    };
  }

  return {
    provider: inner.provider,
    model: inner.model,
    ...(inner.prices ? { prices: inner.prices } : {}),
    async complete(request) {
      if (request.tools.length === 0 || options.mode === true) return inner.complete(request);
      if (options.mode === false || options.memory.refused(options.key)) return inTextFormat(request);
      try {
        return await inner.complete(request);
      } catch (error) {
        if (!toolsRefused(error)) throw error;
        options.memory.remember(options.key);
        request.onNativeToolsRefused?.();
        return inTextFormat(request);
      }
    },
  };
}
