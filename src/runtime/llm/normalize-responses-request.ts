import type { FetchFunction } from './fetch-function';

const ENCRYPTED_REASONING = 'reasoning.encrypted_content';

type Json = Record<string, unknown>;

/**
 * Wraps fetch for the OpenAI Responses API, rewriting three things the AI SDK sends:
 * - with `store: false` it always asks for `reasoning.encrypted_content`, which only pays off when prior
 *   reasoning is sent back; we never send it back (each request carries our own history), so the
 *   request stops asking for kilobytes of ciphertext per step;
 * - it replays an assistant's text as `output_text` parts of a message without id or status, a shape
 *   OpenAI's published schema does not have (an input message's parts are input parts); the same text
 *   as a plain string content is the documented form;
 * - it sends `input_image` parts without `detail`, which the schema requires: `auto` is the default
 *   OpenAI documents.
 */
export function normalizeResponsesRequest(fetch: FetchFunction): FetchFunction {
  return (input, init) => {
    if (typeof init?.body !== 'string') return fetch(input, init);
    const body = normalizeResponsesBody(init.body);
    return fetch(input, body === init.body ? init : { ...init, body });
  };
}

/** The request body with the rewrites; the very same string when none applies. Pure. */
export function normalizeResponsesBody(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body; // not a JSON request: not ours to touch
  }
  if (!isRecord(parsed)) return body;
  let changed = false;
  const request: Json = { ...parsed };
  if (Array.isArray(request.include) && request.include.includes(ENCRYPTED_REASONING)) {
    const kept = request.include.filter((value) => value !== ENCRYPTED_REASONING);
    if (kept.length > 0) request.include = kept;
    else delete request.include;
    changed = true;
  }
  if (Array.isArray(request.input)) {
    const input = request.input.map((item) => withImageDetail(assistantTextAsString(item)));
    if (input.some((item, index) => item !== (request.input as unknown[])[index])) {
      request.input = input;
      changed = true;
    }
  }
  return changed ? JSON.stringify(request) : body;
}

/** An id-less assistant message whose parts are all `output_text`, with its text as a string. */
function assistantTextAsString(item: unknown): unknown {
  if (!isRecord(item) || item.role !== 'assistant' || item.id !== undefined) return item;
  if (!Array.isArray(item.content) || item.content.length === 0) return item;
  const parts = item.content;
  if (!parts.every((part) => isRecord(part) && part.type === 'output_text' && typeof part.text === 'string'))
    return item;
  return { ...item, content: parts.map((part) => (part as { text: string }).text).join('') };
}

/** A message whose `input_image` parts lack `detail`, with `detail: 'auto'` on them. */
function withImageDetail(item: unknown): unknown {
  if (!isRecord(item) || !Array.isArray(item.content)) return item;
  const lacks = (part: unknown) => isRecord(part) && part.type === 'input_image' && part.detail === undefined;
  if (!item.content.some(lacks)) return item;
  return {
    ...item,
    content: item.content.map((part) => (lacks(part) ? { ...(part as Json), detail: 'auto' } : part)),
  };
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
