import type { Dialect } from '../../../scripts/mock-llm/failure-bodies';
import { ACCEPTED_IMAGE_TYPES, TOOL_NAME_PATTERN } from './provider-projection-rules';

/** One turn of a recorded request body, whatever the dialect, reduced to what the rules are about. */
export interface WireTurn {
  role: string;
  texts: string[];
  calls: { id: string; name: string }[];
  results: { id: string; content: string }[];
  /** Media types of inline images; `url` for an image sent by URL. */
  images: string[];
  /** Reasoning sent back: `signed` (Anthropic thinking with its signature) or `unsigned`. */
  reasoning: ('signed' | 'unsigned')[];
  /** Fields on a message that the dialect's schema does not have. */
  unknownFields: string[];
}

const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/;

/**
 * Test support: the turns of a recorded Chat Completions, Responses or Messages body, and every rule
 * of the provider rules they break (blank text, empty replies, bad tool names, ids bad or repeated, calls and
 * results that do not pair, images the providers cannot read, reasoning they do not take). Checked
 * on the wire, so a scenario test bites whatever the projection does.
 */
export function wireViolations(dialect: Dialect, body: unknown): string[] {
  const turns = wireTurns(dialect, body);
  const problems: string[] = [];
  const calls = new Map<string, number>();
  const answered = new Set<string>();
  turns.forEach((turn, index) => {
    const at = `turn ${index} (${turn.role})`;
    for (const text of turn.texts)
      if (text.trim() === '') problems.push(`${at}: blank text ${JSON.stringify(text)}`);
    if (turn.role === 'assistant' && turn.texts.length === 0 && turn.calls.length === 0)
      problems.push(`${at}: empty assistant turn`);
    for (const call of turn.calls) {
      if (!TOOL_NAME_PATTERN.test(call.name)) problems.push(`${at}: tool name ${call.name}`);
      const idOk =
        dialect === 'anthropic' ? ANTHROPIC_ID.test(call.id) : call.id.length <= 40 && call.id !== '';
      if (!idOk) problems.push(`${at}: call id ${call.id}`);
      if (calls.has(call.id)) problems.push(`${at}: repeated call id ${call.id}`);
      calls.set(call.id, index);
    }
    for (const result of turn.results) {
      if (!calls.has(result.id)) problems.push(`${at}: result for unknown call ${result.id}`);
      if (answered.has(result.id)) problems.push(`${at}: second result for ${result.id}`);
      answered.add(result.id);
      if (result.content.trim() === '') problems.push(`${at}: empty tool result`);
    }
    for (const image of turn.images)
      if (image !== 'url' && !ACCEPTED_IMAGE_TYPES.has(image)) problems.push(`${at}: image ${image}`);
    for (const reasoning of turn.reasoning)
      if (dialect !== 'anthropic' || reasoning !== 'signed')
        problems.push(`${at}: ${reasoning} reasoning sent`);
    for (const field of turn.unknownFields) problems.push(`${at}: unknown field ${field}`);
  });
  for (const id of calls.keys()) if (!answered.has(id)) problems.push(`call ${id} has no result`);
  if (dialect === 'anthropic') {
    const first = turns.find((turn) => turn.role !== 'system');
    if (first?.role !== 'user') problems.push('the first message is not from the user');
  }
  return problems;
}

export function wireTurns(dialect: Dialect, body: unknown): WireTurn[] {
  const record = asRecord(body);
  if (dialect === 'anthropic') return list(record.messages).map(anthropicTurn);
  if (dialect === 'responses') return list(record.input).map(responsesItem);
  return list(record.messages).map(chatTurn);
}

function emptyTurn(role: string): WireTurn {
  return { role, texts: [], calls: [], results: [], images: [], reasoning: [], unknownFields: [] };
}

const CHAT_FIELDS = new Set(['role', 'content', 'tool_calls', 'tool_call_id', 'name']);

function chatTurn(value: unknown): WireTurn {
  const message = asRecord(value);
  const turn = emptyTurn(String(message.role));
  turn.unknownFields = Object.keys(message).filter((key) => !CHAT_FIELDS.has(key));
  if ('reasoning_content' in message) turn.reasoning.push('unsigned');
  if (turn.role === 'tool') {
    turn.results.push({ id: String(message.tool_call_id), content: textOf(message.content) });
    return turn;
  }
  if (typeof message.content === 'string') turn.texts.push(message.content);
  for (const part of list(message.content).map(asRecord)) {
    if (part.type === 'text') turn.texts.push(String(part.text));
    if (part.type === 'image_url') turn.images.push(dataUrlType(String(asRecord(part.image_url).url)));
  }
  for (const call of list(message.tool_calls).map(asRecord)) {
    turn.calls.push({ id: String(call.id), name: String(asRecord(call.function).name) });
  }
  return turn;
}

function anthropicTurn(value: unknown): WireTurn {
  const message = asRecord(value);
  const turn = emptyTurn(String(message.role));
  if (typeof message.content === 'string') turn.texts.push(message.content);
  for (const block of list(message.content).map(asRecord)) {
    if (block.type === 'text') turn.texts.push(String(block.text));
    if (block.type === 'image') {
      const source = asRecord(block.source);
      turn.images.push(source.type === 'url' ? 'url' : String(source.media_type));
    }
    if (block.type === 'tool_use') turn.calls.push({ id: String(block.id), name: String(block.name) });
    if (block.type === 'tool_result')
      turn.results.push({ id: String(block.tool_use_id), content: textOf(block.content) });
    if (block.type === 'thinking') turn.reasoning.push(block.signature ? 'signed' : 'unsigned');
  }
  return turn;
}

function responsesItem(value: unknown): WireTurn {
  const item = asRecord(value);
  if (item.type === 'function_call') {
    const turn = emptyTurn('assistant');
    turn.calls.push({ id: String(item.call_id), name: String(item.name) });
    return turn;
  }
  if (item.type === 'function_call_output') {
    const turn = emptyTurn('tool');
    turn.results.push({ id: String(item.call_id), content: textOf(item.output) });
    return turn;
  }
  if (item.type === 'reasoning') {
    const turn = emptyTurn('assistant');
    turn.reasoning.push('unsigned');
    turn.texts.push('(reasoning item)');
    return turn;
  }
  const turn = emptyTurn(String(item.role));
  if (typeof item.content === 'string') turn.texts.push(item.content);
  for (const part of list(item.content).map(asRecord)) {
    if (part.type === 'input_text' || part.type === 'output_text') turn.texts.push(String(part.text));
    if (part.type === 'input_image') turn.images.push(dataUrlType(String(part.image_url)));
  }
  return turn;
}

function dataUrlType(url: string): string {
  return /^data:([^;,]+)/.exec(url)?.[1] ?? 'url';
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return list(content)
    .map((part) => String(asRecord(part).text ?? ''))
    .join('');
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
