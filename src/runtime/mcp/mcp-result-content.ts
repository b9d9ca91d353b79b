import type { Content } from '../events';

/** Text the model reads from one call; the rest is cut with a note (a server may answer megabytes). */
const MAX_TEXT_CHARS = 60_000;
/** An image bigger than this (base64 characters) is replaced by a note. */
const MAX_IMAGE_CHARS = 5_000_000;

interface ResultBlock {
  type: string;
  [key: string]: unknown;
}

/** The parts of an MCP CallToolResult this reads; the server's answer is untrusted and loosely typed. */
export interface MCPCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
}

/**
 * Pure: an MCP tool result as observation content. Text stays text, images become data URLs, audio
 * and resources become a line saying what they were (the model cannot read them here), an empty
 * answer with structured content becomes its JSON. `isError` is true only when the server said so.
 */
export function mcpResultContent(result: MCPCallResult): { content: Content[]; isError: boolean } {
  const blocks = Array.isArray(result.content) ? (result.content as unknown[]).filter(isBlock) : [];
  const content: Content[] = [];
  let textBudget = MAX_TEXT_CHARS;
  const addText = (text: string) => {
    if (textBudget <= 0) return;
    const kept =
      text.length > textBudget
        ? `${text.slice(0, textBudget)}\n[… cut: the tool answered more than ${MAX_TEXT_CHARS} characters]`
        : text;
    textBudget -= text.length;
    content.push({ type: 'text', text: kept });
  };
  for (const block of blocks) {
    if (block.type === 'text' && typeof block.text === 'string') addText(block.text);
    else if (block.type === 'image' && typeof block.data === 'string') {
      const mime =
        typeof block.mimeType === 'string' && /^image\/[a-z0-9.+-]+$/i.test(block.mimeType)
          ? block.mimeType
          : 'image/png';
      if (block.data.length > MAX_IMAGE_CHARS)
        addText(`[an image of ${block.data.length} base64 characters was left out: too large]`);
      else content.push({ type: 'image', image_urls: [`data:${mime};base64,${block.data}`] });
    } else if (block.type === 'resource' && isRecord(block.resource)) {
      const resource = block.resource;
      if (typeof resource.text === 'string') addText(resource.text);
      else addText(`[a binary resource: ${String(resource.uri ?? 'no address')}]`);
    } else if (block.type === 'resource_link') addText(`[a resource link: ${String(block.uri ?? '')}]`);
    else addText(`[a ${block.type} block the workbench cannot show]`);
  }
  if (content.length === 0 && result.structuredContent !== undefined) {
    addText(JSON.stringify(result.structuredContent));
  }
  if (content.length === 0) content.push({ type: 'text', text: '[the tool returned nothing]' });
  return { content, isError: result.isError === true };
}

function isBlock(value: unknown): value is ResultBlock {
  return isRecord(value) && typeof value.type === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
