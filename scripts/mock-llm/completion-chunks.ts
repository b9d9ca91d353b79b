import type { ReplyTurn } from '../../src/runtime/llm/llm-script';

/** What identifies one answer: the same values go into every chunk of it. */
export interface ReplyIdentity {
  id: string;
  model: string;
  created: number;
  /** Prefix for generated tool-call ids (a scripted `id` wins). */
  toolCallIdPrefix: string;
  /** Prompt size estimate, used when the turn scripts no usage. */
  promptTokens: number;
  /** Of `promptTokens`, read from the mock's prompt cache (0 when the turn scripts its usage). */
  cacheRead?: number;
  /** Of `promptTokens`, written to it (Anthropic). */
  cacheWrite?: number;
}

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Only when some of the prompt came from the cache, as OpenAI reports it. */
  prompt_tokens_details?: { cached_tokens: number };
  /** Only when the turn reasons: its share of the completion, as OpenAI reports it. */
  completion_tokens_details?: { reasoning_tokens: number };
}

export type CompletionChunk = Record<string, unknown>;

const DEFAULT_CHUNK_SIZE = 16;

/**
 * The `chat.completion.chunk` objects of a streamed reply, in wire order: reasoning deltas (as
 * `reasoning_content`, the field vLLM, DeepSeek and others use), text deltas, then each tool call
 * (a header with id and name, then its arguments in `chunk_size` pieces), a finish chunk, and a usage
 * chunk with empty `choices` when the client asked for `stream_options.include_usage`.
 */
export function completionChunks(
  turn: ReplyTurn,
  identity: ReplyIdentity,
  includeUsage: boolean,
): CompletionChunk[] {
  const size = turn.chunk_size ?? DEFAULT_CHUNK_SIZE;
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): CompletionChunk => ({
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model: identity.model,
    choices,
    ...extra,
  });
  const delta = (content: Record<string, unknown>) =>
    chunk([{ index: 0, delta: content, finish_reason: null }]);

  const chunks: CompletionChunk[] = [delta({ role: 'assistant', content: '' })];
  for (const piece of splitText(turn.reasoning ?? '', size)) chunks.push(delta({ reasoning_content: piece }));
  for (const piece of splitText(turn.text ?? '', size)) chunks.push(delta({ content: piece }));
  scriptedToolCalls(turn, identity).forEach((call, index) => {
    chunks.push(
      delta({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
    );
    for (const piece of splitText(call.arguments, size)) {
      chunks.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(chunk([{ index: 0, delta: {}, finish_reason: finishReason(turn) }]));
  if (includeUsage) chunks.push(chunk([], { usage: replyUsage(turn, identity) }));
  return chunks;
}

/** The same reply as one non-streamed `chat.completion` object. */
export function completionBody(turn: ReplyTurn, identity: ReplyIdentity): Record<string, unknown> {
  const toolCalls = scriptedToolCalls(turn, identity);
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: turn.text ?? (toolCalls.length ? null : ''),
  };
  if (turn.reasoning) message.reasoning_content = turn.reasoning;
  if (toolCalls.length) {
    message.tool_calls = toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, message, finish_reason: finishReason(turn) }],
    usage: replyUsage(turn, identity),
  };
}

export interface WireToolCall {
  id: string;
  name: string;
  /** Exactly the text sent: an object is serialised, a string goes out as is (maybe malformed). */
  arguments: string;
}

export function scriptedToolCalls(turn: ReplyTurn, identity: ReplyIdentity): WireToolCall[] {
  return (turn.tool_calls ?? []).map((call, index) => ({
    id: call.id ?? `${identity.toolCallIdPrefix}_${index}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
}

export function replyUsage(turn: ReplyTurn, identity: ReplyIdentity): CompletionUsage {
  const promptTokens = turn.usage?.prompt_tokens ?? identity.promptTokens;
  const completionTokens = turn.usage?.completion_tokens ?? estimateTokens(replyText(turn, identity));
  const { read } = cacheUsage(turn, identity);
  const reasoning = turn.reasoning ? Math.min(completionTokens, estimateTokens(turn.reasoning)) : 0;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    ...(read > 0 ? { prompt_tokens_details: { cached_tokens: read } } : {}),
    ...(reasoning > 0 ? { completion_tokens_details: { reasoning_tokens: reasoning } } : {}),
  };
}

/** The cached share of the prompt: the mock's prompt cache figures, none when the turn scripts usage. */
export function cacheUsage(turn: ReplyTurn, identity: ReplyIdentity): { read: number; write: number } {
  if (turn.usage) return { read: 0, write: 0 };
  return { read: identity.cacheRead ?? 0, write: identity.cacheWrite ?? 0 };
}

/** About four characters per token: deterministic and close enough for stats in tests. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function splitText(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function replyText(turn: ReplyTurn, identity: ReplyIdentity): string {
  const argumentsText = scriptedToolCalls(turn, identity).map((call) => call.name + call.arguments);
  return [turn.reasoning ?? '', turn.text ?? '', ...argumentsText].join('');
}

function finishReason(turn: ReplyTurn): string {
  return turn.tool_calls?.length ? 'tool_calls' : 'stop';
}
