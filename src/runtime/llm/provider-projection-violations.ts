import type { LLMProvider } from '../events';
import type { ChatMessage } from './llm';
import { BASE64_BODY } from './provider-projection-images';
import { ACCEPTED_IMAGE_TYPES, TOOL_NAME_PATTERN, providerRules } from './provider-projection-rules';

/**
 * Every way a projected history breaks what the provider accepts, in words; empty when it is a valid
 * request history. Written apart from the projection, rule by rule as the providers state them, so
 * the property tests check the projection against the rules rather than against itself.
 */
export function projectionViolations(
  messages: readonly ChatMessage[],
  provider: LLMProvider,
  hasTools: boolean,
): string[] {
  const rules = providerRules(provider);
  const problems: string[] = [];
  const seenIds = new Set<string>();
  const turns = messages.filter((message) => message.role !== 'system');
  if (turns.length === 0) problems.push('no user or assistant message');
  if (provider === 'anthropic') {
    const firstTurn = messages.findIndex((message) => message.role !== 'system');
    if (firstTurn >= 0 && messages.some((message, index) => message.role === 'system' && index > firstTurn))
      problems.push('a system message after the conversation began');
    if (turns[0] && turns[0].role !== 'user') problems.push('the first turn is not the user');
  }
  messages.forEach((message, index) => {
    const at = `messages[${index}]`;
    switch (message.role) {
      case 'system':
        if (message.content.trim() === '') problems.push(`${at}: blank system prompt`);
        return;
      case 'user':
        if (message.content.length === 0) problems.push(`${at}: empty user turn`);
        for (const block of message.content) {
          if (block.type === 'text' && block.text.trim() === '') problems.push(`${at}: blank text block`);
          if (block.type === 'image') {
            if (block.image_urls.length === 0) problems.push(`${at}: image block without images`);
            for (const url of block.image_urls)
              if (!acceptableImage(url)) problems.push(`${at}: image the provider cannot read`);
          }
        }
        return;
      case 'tool': {
        const previous = messages.slice(0, index).findLast((other) => other.role !== 'tool');
        const call =
          previous?.role === 'assistant'
            ? previous.tool_calls.find((candidate) => candidate.id === message.tool_call_id)
            : undefined;
        if (!call) problems.push(`${at}: result without its call right before it`);
        else if (call.name !== message.tool_name) problems.push(`${at}: result named unlike its call`);
        if (message.content.trim() === '') problems.push(`${at}: blank tool result`);
        if (!TOOL_NAME_PATTERN.test(message.tool_name)) problems.push(`${at}: bad tool name`);
        return;
      }
      case 'assistant': {
        if (message.content.trim() === '' && message.tool_calls.length === 0)
          problems.push(`${at}: empty assistant turn`);
        if (message.content !== '' && message.content.trim() === '')
          problems.push(`${at}: whitespace-only assistant text`);
        if (message.reasoning !== undefined && !(rules.acceptsReasoning && message.reasoning_signature))
          problems.push(`${at}: reasoning the provider does not take back`);
        if (message.tool_calls.length > 0 && provider === 'anthropic' && !hasTools)
          problems.push(`${at}: tool calls in a request without tools`);
        const results = messages.slice(index + 1, index + 1 + message.tool_calls.length);
        message.tool_calls.forEach((call, position) => {
          if (!TOOL_NAME_PATTERN.test(call.name)) problems.push(`${at}: bad tool name ${call.name}`);
          if (!rules.validCallId(call.id)) problems.push(`${at}: bad call id ${call.id}`);
          if (seenIds.has(call.id)) problems.push(`${at}: repeated call id ${call.id}`);
          seenIds.add(call.id);
          const result = results[position];
          if (result?.role !== 'tool' || result.tool_call_id !== call.id)
            problems.push(`${at}: call ${call.id} not answered right after`);
        });
        const next = messages[index + 1 + message.tool_calls.length];
        if (message.tool_calls.length > 0 && next?.role === 'tool')
          problems.push(`${at}: more results than calls`);
        return;
      }
    }
  });
  return problems;
}

function acceptableImage(url: string): boolean {
  const data = /^data:([^;,]+);base64,(.+)$/s.exec(url);
  if (data) return ACCEPTED_IMAGE_TYPES.has(data[1] ?? '') && BASE64_BODY.test(data[2] ?? '');
  return /^https?:\/\//.test(url) && !/\.(svg|bmp|tiff?|ico|heic|heif|avif)$/i.test(new URL(url).pathname);
}
