import type { ReplyTurn } from '../../src/runtime/llm/llm-script';
import { type ReplyIdentity, replyUsage, scriptedToolCalls, splitText } from './completion-chunks';
import type { StreamEvent } from './stream-event';

const DEFAULT_CHUNK_SIZE = 16;

type Item = Record<string, unknown>;

/**
 * A scripted reply as OpenAI Responses API stream events (named SSE events, each with a
 * `sequence_number`), in wire order: response.created and .in_progress; a reasoning item whose one
 * summary part streams `reasoning` (reasoning_summary_part.added, reasoning_summary_text.delta…,
 * .done); a message item streaming `text` as output_text deltas; one function_call item per tool call
 * with its arguments as function_call_arguments deltas (sent verbatim, even when malformed); then
 * response.completed carrying every output item and the usage. Pure.
 */
export function responsesEvents(turn: ReplyTurn, identity: ReplyIdentity): StreamEvent[] {
  const size = turn.chunk_size ?? DEFAULT_CHUNK_SIZE;
  const events: StreamEvent[] = [];
  const emit = (type: string, data: Record<string, unknown>) => {
    events.push({ event: type, data: { type, sequence_number: events.length, ...data } });
  };
  const items = outputItems(turn, identity);
  emit('response.created', { response: responseObject(turn, identity, 'in_progress', []) });
  emit('response.in_progress', { response: responseObject(turn, identity, 'in_progress', []) });
  items.forEach((item, output_index) => {
    const id = item.id as string;
    emit('response.output_item.added', { output_index, item: startedItem(item) });
    if (item.type === 'reasoning') {
      const text = turn.reasoning ?? '';
      const at = { item_id: id, output_index, summary_index: 0 };
      emit('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } });
      for (const delta of splitText(text, size))
        emit('response.reasoning_summary_text.delta', { ...at, delta });
      emit('response.reasoning_summary_text.done', { ...at, text });
      emit('response.reasoning_summary_part.done', { ...at, part: { type: 'summary_text', text } });
    } else if (item.type === 'message') {
      const text = turn.text ?? '';
      const at = { item_id: id, output_index, content_index: 0 };
      emit('response.content_part.added', { ...at, part: outputText('') });
      for (const delta of splitText(text, size))
        emit('response.output_text.delta', { ...at, delta, logprobs: [] });
      emit('response.output_text.done', { ...at, text, logprobs: [] });
      emit('response.content_part.done', { ...at, part: outputText(text) });
    } else {
      const text = item.arguments as string;
      for (const delta of splitText(text, size))
        emit('response.function_call_arguments.delta', { item_id: id, output_index, delta });
      emit('response.function_call_arguments.done', { item_id: id, output_index, arguments: text });
    }
    emit('response.output_item.done', { output_index, item });
  });
  emit('response.completed', { response: responseObject(turn, identity, 'completed', items) });
  return events;
}

/** A scripted reply as one Responses API `response` object (non-streaming). Pure. */
export function responsesBody(turn: ReplyTurn, identity: ReplyIdentity): Record<string, unknown> {
  return responseObject(turn, identity, 'completed', outputItems(turn, identity));
}

/** The finished output items: reasoning (its summary), message, then the function calls. */
function outputItems(turn: ReplyTurn, identity: ReplyIdentity): Item[] {
  const suffix = identity.id.replace(/^resp_/, '');
  const items: Item[] = [];
  if (turn.reasoning) {
    items.push({
      id: `rs_${suffix}`,
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: turn.reasoning }],
    });
  }
  if (turn.text) {
    items.push({
      id: `msg_${suffix}`,
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [outputText(turn.text)],
    });
  }
  scriptedToolCalls(turn, identity).forEach((call, index) => {
    items.push({
      id: `fc_${suffix}_${index}`,
      type: 'function_call',
      status: 'completed',
      call_id: call.id,
      name: call.name,
      arguments: call.arguments,
    });
  });
  return items;
}

/** An item as output_item.added shows it: nothing generated yet. */
function startedItem(item: Item): Item {
  switch (item.type) {
    case 'reasoning':
      return { ...item, summary: [] };
    case 'message':
      return { ...item, status: 'in_progress', content: [] };
    default:
      return { ...item, status: 'in_progress', arguments: '' };
  }
}

function outputText(text: string): Item {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

function responseObject(
  turn: ReplyTurn,
  identity: ReplyIdentity,
  status: 'in_progress' | 'completed',
  output: Item[],
): Record<string, unknown> {
  const usage = replyUsage(turn, identity);
  const reasoningTokens = turn.reasoning
    ? Math.min(usage.completion_tokens, Math.ceil(turn.reasoning.length / 4))
    : 0;
  return {
    id: identity.id,
    object: 'response',
    created_at: identity.created,
    status,
    error: null,
    incomplete_details: null,
    model: identity.model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    store: false,
    usage:
      status === 'completed'
        ? {
            input_tokens: usage.prompt_tokens,
            input_tokens_details: { cached_tokens: usage.prompt_tokens_details?.cached_tokens ?? 0 },
            output_tokens: usage.completion_tokens,
            output_tokens_details: { reasoning_tokens: reasoningTokens },
            total_tokens: usage.total_tokens,
          }
        : null,
  };
}
