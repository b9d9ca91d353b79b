import type { ReplyTurn } from '../../src/runtime/llm/llm-script';
import {
  type ReplyIdentity,
  cacheUsage,
  replyUsage,
  scriptedToolCalls,
  splitText,
} from './completion-chunks';

/** One server-sent event of Anthropic's Messages API: `event: <type>` then `data: <json>`. */
export interface NamedEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * A scripted reply as Anthropic Messages stream events, in wire order: message_start, a thinking
 * block, a text block, one tool_use block per call (arguments as `input_json_delta` pieces, sent
 * verbatim even when malformed), message_delta with the stop reason and output tokens, message_stop.
 */
export function anthropicEvents(turn: ReplyTurn, identity: ReplyIdentity): NamedEvent[] {
  const size = turn.chunk_size ?? 16;
  const usage = replyUsage(turn, identity);
  const events: NamedEvent[] = [
    named('message_start', {
      message: {
        id: identity.id,
        type: 'message',
        role: 'assistant',
        model: identity.model,
        content: [],
        stop_reason: null,
        usage: { ...inputUsage(turn, identity), output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  const block = (start: Record<string, unknown>, deltas: Record<string, unknown>[]) => {
    events.push(named('content_block_start', { index, content_block: start }));
    for (const delta of deltas) events.push(named('content_block_delta', { index, delta }));
    events.push(named('content_block_stop', { index }));
    index += 1;
  };
  if (turn.reasoning) {
    const pieces = splitText(turn.reasoning, size).map((thinking) => ({ type: 'thinking_delta', thinking }));
    block({ type: 'thinking', thinking: '', signature: '' }, [
      ...pieces,
      { type: 'signature_delta', signature: 'mock-signature' },
    ]);
  }
  if (turn.text)
    block(
      { type: 'text', text: '' },
      splitText(turn.text, size).map((text) => ({ type: 'text_delta', text })),
    );
  for (const call of scriptedToolCalls(turn, identity)) {
    const pieces = splitText(call.arguments, size).map((partial_json) => ({
      type: 'input_json_delta',
      partial_json,
    }));
    block({ type: 'tool_use', id: call.id, name: call.name, input: {} }, pieces);
  }
  events.push(
    named('message_delta', {
      delta: { stop_reason: stopReason(turn), stop_sequence: null },
      usage: { output_tokens: usage.completion_tokens },
    }),
  );
  events.push(named('message_stop', {}));
  return events;
}

/** The same reply as one non-streamed Messages response. */
export function anthropicBody(turn: ReplyTurn, identity: ReplyIdentity): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (turn.reasoning)
    content.push({ type: 'thinking', thinking: turn.reasoning, signature: 'mock-signature' });
  if (turn.text) content.push({ type: 'text', text: turn.text });
  for (const call of scriptedToolCalls(turn, identity)) {
    content.push({ type: 'tool_use', id: call.id, name: call.name, input: parseInput(call.arguments) });
  }
  const usage = replyUsage(turn, identity);
  return {
    id: identity.id,
    type: 'message',
    role: 'assistant',
    model: identity.model,
    content,
    stop_reason: stopReason(turn),
    stop_sequence: null,
    usage: { ...inputUsage(turn, identity), output_tokens: usage.completion_tokens },
  };
}

/**
 * Anthropic's input usage: `input_tokens` counts only what was neither read from nor written to the
 * cache; the cache figures come apart, and only when there are any, as older answers had none.
 */
function inputUsage(turn: ReplyTurn, identity: ReplyIdentity): Record<string, number> {
  const total = replyUsage(turn, identity).prompt_tokens;
  const { read, write } = cacheUsage(turn, identity);
  if (read === 0 && write === 0) return { input_tokens: total };
  return {
    input_tokens: Math.max(0, total - read - write),
    cache_read_input_tokens: read,
    cache_creation_input_tokens: write,
  };
}

function named(event: string, data: Record<string, unknown>): NamedEvent {
  return { event, data: { type: event, ...data } };
}

function stopReason(turn: ReplyTurn): string {
  return turn.tool_calls?.length ? 'tool_use' : 'end_turn';
}

/** A JSON body can only carry an object input; malformed scripted text is wrapped so it still shows. */
function parseInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { unparsed_arguments: text };
  }
}
