import { TOOL_NAME_PATTERN, type Violation, asArray, isRecord } from './violation';

const TOOL_USE_ID_PATTERN = /^[a-zA-Z0-9_-]+$/;
const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * The Messages API rules its schema cannot say, as Anthropic documents and enforces them: content
 * never empty, tool names and ids well formed and unique, every tool_use answered by a tool_result
 * in the very next user message (results first), images of the four supported types, and extended
 * thinking's budget and sampling limits. Tolerant of any shape (the schema reports shape errors). Pure.
 */
export function anthropicRuleViolations(body: Record<string, unknown>): Violation[] {
  return [
    ...contentRules(body),
    ...toolNameRules(body),
    ...toolPairingRules(body),
    ...thinkingRules(body),
    ...systemRules(body),
  ];
}

function contentRules(body: Record<string, unknown>): Violation[] {
  const found: Violation[] = [];
  const messages = asArray(body.messages);
  messages.forEach((message, index) => {
    if (!isRecord(message)) return;
    const path = ['messages', index];
    const finalAssistant = index === messages.length - 1 && message.role === 'assistant';
    const { content } = message;
    // Anthropic lets the last assistant message be empty: it is the prefix the reply continues.
    if ((content === '' || (Array.isArray(content) && content.length === 0)) && !finalAssistant) {
      found.push({
        path,
        rule: 'all messages must have non-empty content except for the optional final assistant message',
      });
      return;
    }
    if (typeof content === 'string' && content !== '' && content.trim() === '')
      found.push({
        path: [...path, 'content'],
        rule: 'text content blocks must contain non-whitespace text',
      });
    asArray(content).forEach((block, blockIndex) => {
      found.push(...blockRules(block, [...path, 'content', blockIndex]));
    });
  });
  return found;
}

function blockRules(block: unknown, path: Violation['path']): Violation[] {
  if (!isRecord(block)) return [];
  if (block.type === 'text' && typeof block.text === 'string' && block.text.trim() === '')
    return [{ path: [...path, 'text'], rule: 'text content blocks must contain non-whitespace text' }];
  if (block.type === 'image' && isRecord(block.source) && block.source.type === 'base64') {
    const found: Violation[] = [];
    const { media_type: mediaType, data } = block.source;
    if (typeof mediaType !== 'string' || !IMAGE_MEDIA_TYPES.includes(mediaType))
      found.push({
        path: [...path, 'source', 'media_type'],
        rule: `image media type must be one of ${IMAGE_MEDIA_TYPES.join(', ')} (got ${JSON.stringify(mediaType)})`,
      });
    if (typeof data !== 'string' || data === '')
      found.push({ path: [...path, 'source', 'data'], rule: 'base64 image data must not be empty' });
    return found;
  }
  if (block.type === 'tool_result')
    return asArray(block.content).flatMap((inner, index) => blockRules(inner, [...path, 'content', index]));
  return [];
}

function toolNameRules(body: Record<string, unknown>): Violation[] {
  const found: Violation[] = [];
  asArray(body.tools).forEach((tool, index) => {
    if (isRecord(tool) && typeof tool.name === 'string' && !TOOL_NAME_PATTERN.test(tool.name))
      found.push({
        path: ['tools', index, 'name'],
        rule: `tool name must match ${TOOL_NAME_PATTERN.source}`,
      });
  });
  const seenIds = new Map<string, string>();
  forEachBlock(body, 'tool_use', (block, path) => {
    if (typeof block.name === 'string' && !TOOL_NAME_PATTERN.test(block.name))
      found.push({ path: [...path, 'name'], rule: `tool_use name must match ${TOOL_NAME_PATTERN.source}` });
    if (typeof block.id !== 'string') return;
    if (!TOOL_USE_ID_PATTERN.test(block.id))
      found.push({ path: [...path, 'id'], rule: `tool_use id must match ${TOOL_USE_ID_PATTERN.source}` });
    const earlier = seenIds.get(block.id);
    if (earlier)
      found.push({
        path: [...path, 'id'],
        rule: `tool_use ids must be unique: ${JSON.stringify(block.id)} is also used at ${earlier}`,
      });
    else seenIds.set(block.id, path.join('.'));
  });
  return found;
}

function toolPairingRules(body: Record<string, unknown>): Violation[] {
  const found: Violation[] = [];
  const messages = asArray(body.messages);
  messages.forEach((message, index) => {
    if (!isRecord(message)) return;
    const previous = messages[index - 1];
    const asked = isRecord(previous) && previous.role === 'assistant' ? toolUseIds(previous) : [];
    const answered: string[] = [];
    let otherBlockSeen = false;
    asArray(message.content).forEach((block, blockIndex) => {
      if (!isRecord(block)) return;
      if (block.type !== 'tool_result') {
        otherBlockSeen = true;
        return;
      }
      const path = ['messages', index, 'content', blockIndex];
      const id = String(block.tool_use_id);
      answered.push(id);
      if (message.role !== 'user') {
        found.push({ path, rule: 'tool_result blocks may only appear in user messages' });
      } else if (!asked.includes(id)) {
        found.push({
          path,
          rule:
            `unexpected tool_use_id found in tool_result blocks: ${id}. Each tool_result block must have ` +
            'a corresponding tool_use block in the previous message',
        });
      } else if (otherBlockSeen) {
        found.push({ path, rule: 'tool_result blocks must come before any other content in the message' });
      }
    });
    if (message.role !== 'assistant') return;
    const asking = toolUseIds(message);
    const next = messages[index + 1];
    const replies =
      isRecord(next) && next.role === 'user'
        ? asArray(next.content)
            .filter((block) => isRecord(block) && block.type === 'tool_result')
            .map((block) => String((block as Record<string, unknown>).tool_use_id))
        : [];
    const unanswered = asking.filter((id) => !replies.includes(id));
    if (unanswered.length > 0)
      found.push({
        path: ['messages', index],
        rule:
          `tool_use ids were found without tool_result blocks immediately after: ${unanswered.join(', ')}. ` +
          'Each tool_use block must have a corresponding tool_result block in the next message',
      });
  });
  return found;
}

function thinkingRules(body: Record<string, unknown>): Violation[] {
  const { thinking } = body;
  if (!isRecord(thinking) || (thinking.type !== 'enabled' && thinking.type !== 'adaptive')) return [];
  const found: Violation[] = [];
  if (thinking.type === 'enabled' && typeof thinking.budget_tokens === 'number') {
    if (thinking.budget_tokens < 1024)
      found.push({ path: ['thinking', 'budget_tokens'], rule: 'must be greater than or equal to 1024' });
    if (typeof body.max_tokens === 'number' && thinking.budget_tokens >= body.max_tokens)
      found.push({
        path: ['thinking', 'budget_tokens'],
        rule: '`max_tokens` must be greater than `budget_tokens`',
      });
  }
  if (body.temperature !== undefined && body.temperature !== 1)
    found.push({ path: ['temperature'], rule: 'temperature may only be set to 1 when thinking is enabled' });
  if (body.top_k !== undefined)
    found.push({ path: ['top_k'], rule: 'top_k is not supported when thinking is enabled' });
  return found;
}

function systemRules(body: Record<string, unknown>): Violation[] {
  const { system } = body;
  if (typeof system === 'string' && system.trim() === '')
    return [{ path: ['system'], rule: 'system prompt text must contain non-whitespace text when given' }];
  return asArray(system).flatMap((block, index) => blockRules(block, ['system', index]));
}

function toolUseIds(message: Record<string, unknown>): string[] {
  return asArray(message.content)
    .filter((block) => isRecord(block) && block.type === 'tool_use' && typeof block.id === 'string')
    .map((block) => (block as { id: string }).id);
}

function forEachBlock(
  body: Record<string, unknown>,
  type: string,
  visit: (block: Record<string, unknown>, path: Violation['path']) => void,
): void {
  asArray(body.messages).forEach((message, index) => {
    if (!isRecord(message)) return;
    asArray(message.content).forEach((block, blockIndex) => {
      if (isRecord(block) && block.type === type) visit(block, ['messages', index, 'content', blockIndex]);
    });
  });
}
