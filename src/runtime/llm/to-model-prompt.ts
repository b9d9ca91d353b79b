import type { Content, ToolSpec } from '../events';
import type { ChatMessage } from './llm';
import type { ModelMessage, ModelPrompt, ModelTool } from './model-types';
import { MAX_TOOL_DESCRIPTION_LENGTH } from './provider-projection-rules';

type UserPart = Extract<ModelMessage, { role: 'user' }>['content'][number];
type AssistantPart = Extract<ModelMessage, { role: 'assistant' }>['content'][number];

/**
 * Our chat history in the AI SDK's provider prompt format, after projectForProvider made it acceptable
 * to the provider (this only translates). Pure. Tool calls carry their arguments as
 * the object the model meant; arguments that never parsed as a JSON object go back wrapped as
 * `{ unparsed_arguments: "<raw text>" }`, because providers (Anthropic) reject a non-object input and
 * the model should still see what it sent before the error that follows.
 */
export function toModelPrompt(messages: readonly ChatMessage[]): ModelPrompt {
  return messages.map(toModelMessage);
}

function toModelMessage(message: ChatMessage): ModelMessage {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: message.content.flatMap(toUserParts) };
    case 'assistant':
      return { role: 'assistant', content: assistantParts(message) };
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.tool_call_id,
            toolName: message.tool_name,
            output: { type: 'text', value: message.content },
          },
        ],
      };
  }
}

/**
 * `nonStrict` says so explicitly (OpenAI): the Responses API requires `strict` on a function tool, and
 * our parameter schemas are not the closed, all-required kind strict mode takes. A description over
 * the providers' limit is cut, ending in an ellipsis (our own tools fit; an MCP server's may not).
 */
export function toModelTools(tools: readonly ToolSpec[], nonStrict = false): ModelTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: withinDescriptionLimit(tool.description),
    inputSchema: tool.parameters,
    ...(nonStrict ? { strict: false } : {}),
  }));
}

function withinDescriptionLimit(description: string): string {
  if (description.length <= MAX_TOOL_DESCRIPTION_LENGTH) return description;
  return `${description.slice(0, MAX_TOOL_DESCRIPTION_LENGTH - 1)}…`;
}

function assistantParts(message: Extract<ChatMessage, { role: 'assistant' }>): AssistantPart[] {
  const parts: AssistantPart[] = [];
  if (message.reasoning) {
    // Anthropic takes thinking back only with the signature it issued (the projection drops the rest).
    const signature = message.reasoning_signature;
    parts.push({
      type: 'reasoning',
      text: message.reasoning,
      ...(signature ? { providerOptions: { anthropic: { signature } } } : {}),
    });
  }
  if (message.content) parts.push({ type: 'text', text: message.content });
  for (const call of message.tool_calls) {
    parts.push({
      type: 'tool-call',
      toolCallId: call.id,
      toolName: call.name,
      input: argumentsObject(call.arguments),
    });
  }
  return parts;
}

function argumentsObject(raw: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // not JSON: fall through to the wrapper below
  }
  return { unparsed_arguments: raw };
}

function toUserParts(block: Content): UserPart[] {
  if (block.type === 'text') return [{ type: 'text', text: block.text }];
  return block.image_urls.map(imagePart);
}

/** data: URLs become inline bytes (base64) with their media type; other URLs go as URLs. */
function imagePart(url: string): UserPart {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url);
  if (match?.[2] && match[1] && match[3] !== undefined)
    return { type: 'file', mediaType: match[1], data: match[3] };
  return { type: 'file', mediaType: 'image/*', data: new URL(url) };
}
