import type { Content, ToolSpec } from '../../events';
import type { ChatMessage } from '../llm';
import { renderTextToolCall } from './render-text-tool-call';
import { renderToolsPrompt } from './render-tools-prompt';

/**
 * The messages of a request for a model without native tools: the tools described in a system
 * message after the leading ones (stable, as the tools are), each past call written into its
 * assistant message as text, each result sent back as user text ("EXECUTION RESULT of [name]:"), and
 * user messages that end up side by side merged, so the request holds no `tool` role and no tool
 * call and stays valid for providers that want turns to alternate. Pure.
 */
export function projectForTextTools(
  messages: readonly ChatMessage[],
  tools: readonly ToolSpec[],
): ChatMessage[] {
  const projected: ChatMessage[] = [];
  const leading = messages.findIndex((message) => message.role !== 'system');
  const systemCount = leading < 0 ? messages.length : leading;
  projected.push(...messages.slice(0, systemCount));
  if (tools.length > 0) projected.push({ role: 'system', content: renderToolsPrompt(tools), stable: true });
  for (const message of messages.slice(systemCount)) {
    if (message.role === 'assistant') {
      const calls = message.tool_calls.map(renderTextToolCall);
      const content = [message.content, ...calls].filter((part) => part.trim() !== '').join('\n\n');
      const { tool_calls: _calls, ...rest } = message;
      projected.push({ ...rest, content, tool_calls: [] });
    } else if (message.role === 'tool') {
      appendUser(projected, [
        { type: 'text', text: `EXECUTION RESULT of [${message.tool_name}]:\n${message.content}` },
      ]);
    } else if (message.role === 'user') {
      appendUser(projected, message.content);
    } else projected.push(message);
  }
  return projected;
}

function appendUser(projected: ChatMessage[], content: Content[]): void {
  const last = projected.at(-1);
  if (last?.role === 'user')
    projected[projected.length - 1] = { role: 'user', content: [...last.content, ...content] };
  else projected.push({ role: 'user', content: [...content] });
}
