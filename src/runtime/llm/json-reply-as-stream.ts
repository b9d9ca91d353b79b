import type { FetchFunction } from './fetch-function';

/**
 * Wraps fetch for Chat Completions endpoints: when a server ignores `stream: true` and answers one
 * plain `chat.completion` JSON body (some proxies and small local servers do), the body is replayed
 * as the equivalent SSE stream, so the streaming parser downstream sees a normal reply instead of an
 * empty stream. Anything else passes through untouched.
 */
export function jsonReplyAsStream(fetch: FetchFunction): FetchFunction {
  return async (input, init) => {
    const response = await fetch(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('application/json') || !askedForStream(init)) return response;
    const text = await response.text();
    const chunks = completionAsChunks(text);
    const body = chunks
      ? `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`
      : text;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    if (chunks) headers.set('content-type', 'text/event-stream');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

function askedForStream(init: RequestInit | undefined): boolean {
  if (typeof init?.body !== 'string') return false;
  try {
    const body: unknown = JSON.parse(init.body);
    return typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true;
  } catch {
    return false; // not our JSON request: leave it alone
  }
}

type Json = Record<string, unknown>;

/** A `chat.completion` as the chunks that would have streamed it, or null when it is not one. */
function completionAsChunks(text: string): Json[] | null {
  let completion: unknown;
  try {
    completion = JSON.parse(text);
  } catch {
    return null; // not JSON after all: the stream parser will report it
  }
  if (!isJson(completion) || !Array.isArray(completion.choices)) return null;
  const choice: unknown = completion.choices[0];
  if (!isJson(choice) || !isJson(choice.message)) return null;
  const { id, created, model } = completion;
  const frame = (choices: unknown[], extra: Json = {}): Json => ({
    id,
    created,
    model,
    object: 'chat.completion.chunk',
    choices,
    ...extra,
  });
  const message = choice.message;
  const toolCalls = Array.isArray(message.tool_calls)
    ? message.tool_calls.map((call: unknown, index: number) => (isJson(call) ? { ...call, index } : call))
    : undefined;
  const delta = { ...message, ...(toolCalls ? { tool_calls: toolCalls } : {}) };
  const chunks = [
    frame([{ index: 0, delta, finish_reason: null }]),
    frame([{ index: 0, delta: {}, finish_reason: choice.finish_reason ?? 'stop' }]),
  ];
  if (isJson(completion.usage)) chunks.push(frame([], { usage: completion.usage }));
  return chunks;
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
