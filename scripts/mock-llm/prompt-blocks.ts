import type { Dialect } from './failure-bodies';
import { asArray, isRecord } from './strict/violation';

/** One cacheable unit of a request, in the order the provider reads its prompt. */
export interface PromptBlock {
  /** Where it is in the body, e.g. `['messages', 3, 'content', 0]`. */
  path: (string | number)[];
  /** Its bytes as the cache sees them: the block without its cache marker. */
  text: string;
  /** Characters it counts for, inline image data as a short mark (providers bill an image in hundreds of tokens). */
  size: number;
  /** Anthropic: the block carries `cache_control` (a breakpoint). */
  breakpoint: boolean;
  ttl?: string;
}

/**
 * A request's prompt as the blocks a provider's prefix cache hashes, in prompt order. Anthropic:
 * tools, then system blocks, then each message's content blocks (a string content is one block), the
 * role kept with each so equal text in another role never matches; OpenAI Chat Completions: tools,
 * then each message; Responses: tools, instructions, then each input item. The model and the
 * sampling settings are not part of it (the mock keeps one cache per model elsewhere). Pure.
 */
export function promptBlocks(dialect: Dialect, body: Record<string, unknown>): PromptBlock[] {
  const blocks: PromptBlock[] = [];
  const add = (path: PromptBlock['path'], value: unknown, role = '') => {
    const marker = isRecord(value) && isRecord(value.cache_control) ? value.cache_control : undefined;
    const bare = isRecord(value) ? { ...value, cache_control: undefined } : value;
    const text = `${role}${JSON.stringify(bare)}`;
    blocks.push({
      path,
      text,
      size: withoutImageData(text).length,
      breakpoint: marker !== undefined,
      ...(typeof marker?.ttl === 'string' ? { ttl: marker.ttl } : {}),
    });
  };
  for (const [index, tool] of asArray(body.tools).entries()) add(['tools', index], tool);
  if (dialect === 'anthropic') {
    if (typeof body.system === 'string') add(['system'], body.system);
    for (const [index, block] of asArray(body.system).entries()) add(['system', index], block);
    for (const [index, message] of asArray(body.messages).entries()) {
      if (!isRecord(message)) continue;
      const role = `${String(message.role)}:`;
      if (!Array.isArray(message.content)) add(['messages', index, 'content'], message.content, role);
      for (const [inner, block] of asArray(message.content).entries())
        add(['messages', index, 'content', inner], block, role);
    }
    return blocks;
  }
  if (dialect === 'responses') {
    if (body.instructions != null) add(['instructions'], body.instructions);
    for (const [index, item] of asArray(body.input).entries()) add(['input', index], item);
    return blocks;
  }
  for (const [index, message] of asArray(body.messages).entries()) add(['messages', index], message);
  return blocks;
}

/** Inline base64 image data (data URLs, Anthropic's `data` field) as the word IMAGE. */
export function withoutImageData(text: string): string {
  return text
    .replace(/data:[^",]*;base64,[A-Za-z0-9+/=]+/g, 'IMAGE')
    .replace(/"data":"[A-Za-z0-9+/=]{64,}"/g, '"data":"IMAGE"');
}
