import { TOOL_NAME_PATTERN, type Violation, asArray, descriptionViolation, isRecord } from './violation';

const MAX_TOOL_CALL_ID_LENGTH = 40;
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/;

/**
 * The Chat Completions rules OpenAI enforces beyond its schema: function names and tool call ids
 * well formed and described in at most 1,024 characters, an assistant message says something or calls a tool, every tool call is answered by a
 * `tool` message before the conversation moves on and every `tool` message answers one, call ids
 * unique, user text never blank, images as data URLs of the supported types (or web URLs, which
 * OpenAI fetches itself). Tolerant of any shape (the schema reports shape errors). Pure.
 */
export function chatCompletionsRuleViolations(body: Record<string, unknown>): Violation[] {
  const found: Violation[] = [];
  asArray(body.tools).forEach((tool, index) => {
    const name = isRecord(tool) && isRecord(tool.function) ? tool.function.name : undefined;
    if (typeof name === 'string' && !TOOL_NAME_PATTERN.test(name))
      found.push({
        path: ['tools', index, 'function', 'name'],
        rule: `function name must match ${TOOL_NAME_PATTERN.source}`,
      });
    if (isRecord(tool) && isRecord(tool.function))
      found.push(
        ...descriptionViolation(tool.function.description, ['tools', index, 'function', 'description']),
      );
  });
  const messages = asArray(body.messages);
  const callIds = new Map<string, string>();
  let pending: { index: number; ids: string[]; answered: Set<string> } | null = null;
  const closePending = (before: number) => {
    if (!pending) return;
    const missing = pending.ids.filter((id) => !pending?.answered.has(id));
    if (missing.length > 0)
      found.push({
        path: ['messages', pending.index],
        rule:
          "an assistant message with 'tool_calls' must be followed by tool messages responding to each " +
          `'tool_call_id' before messages[${before}]; no response for: ${missing.join(', ')}`,
      });
    pending = null;
  };
  messages.forEach((message, index) => {
    if (!isRecord(message)) return;
    const path = ['messages', index];
    if (message.role === 'tool') {
      const id = message.tool_call_id;
      if (typeof id !== 'string') return; // the schema reports it missing
      if (!pending?.ids.includes(id))
        found.push({
          path: [...path, 'tool_call_id'],
          rule: `messages with role 'tool' must answer a tool call of the preceding assistant message (no call ${JSON.stringify(id)})`,
        });
      else pending.answered.add(id);
      return;
    }
    closePending(index);
    if (message.role === 'assistant') {
      found.push(...assistantRules(message, path, callIds));
      const ids = asArray(message.tool_calls)
        .map((call) => (isRecord(call) ? call.id : undefined))
        .filter((id): id is string => typeof id === 'string');
      if (ids.length > 0) pending = { index, ids, answered: new Set() };
    }
    if (message.role === 'user') found.push(...userContentRules(message, path));
  });
  closePending(messages.length);
  return found;
}

function assistantRules(
  message: Record<string, unknown>,
  path: Violation['path'],
  callIds: Map<string, string>,
): Violation[] {
  const found: Violation[] = [];
  const calls = asArray(message.tool_calls);
  const { content } = message;
  const empty = content === undefined || content === null || content === '' || isEmptyArray(content);
  if (empty && calls.length === 0 && !message.function_call)
    found.push({ path, rule: "an assistant message must have non-empty 'content' or 'tool_calls'" });
  calls.forEach((call, index) => {
    if (!isRecord(call)) return;
    const callPath = [...path, 'tool_calls', index];
    const name = isRecord(call.function) ? call.function.name : undefined;
    if (typeof name === 'string' && !TOOL_NAME_PATTERN.test(name))
      found.push({
        path: [...callPath, 'function', 'name'],
        rule: `function name must match ${TOOL_NAME_PATTERN.source}`,
      });
    if (typeof call.id !== 'string') return;
    if (call.id.length > MAX_TOOL_CALL_ID_LENGTH)
      found.push({
        path: [...callPath, 'id'],
        rule: `tool call id is ${call.id.length} characters; at most ${MAX_TOOL_CALL_ID_LENGTH} are allowed`,
      });
    const earlier = callIds.get(call.id);
    if (earlier)
      found.push({
        path: [...callPath, 'id'],
        rule: `duplicate tool call id ${JSON.stringify(call.id)} (also at ${earlier})`,
      });
    else callIds.set(call.id, `messages[${path[1]}].tool_calls[${index}]`);
  });
  return found;
}

function userContentRules(message: Record<string, unknown>, path: Violation['path']): Violation[] {
  const found: Violation[] = [];
  asArray(message.content).forEach((part, index) => {
    if (!isRecord(part)) return;
    const partPath = [...path, 'content', index];
    if (part.type === 'text' && typeof part.text === 'string' && part.text.trim() === '')
      found.push({
        path: [...partPath, 'text'],
        rule: 'text content parts must contain non-whitespace text',
      });
    if (part.type === 'image_url' && isRecord(part.image_url) && typeof part.image_url.url === 'string') {
      const { url } = part.image_url;
      if (!/^https?:\/\//.test(url) && !IMAGE_DATA_URL.test(url))
        found.push({
          path: [...partPath, 'image_url', 'url'],
          rule:
            'image must be a base64 data URL of image/png, image/jpeg, image/webp or image/gif ' +
            `(got ${JSON.stringify(url.slice(0, 40))}${url.length > 40 ? '…' : ''})`,
        });
    }
  });
  return found;
}

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}
