import type { ServerResponse } from 'node:http';
import type { ReplyTurn } from '../../src/runtime/llm/llm-script';
import { anthropicBody, anthropicEvents } from './anthropic-events';
import { type ReplyIdentity, completionBody, completionChunks } from './completion-chunks';
import type { Dialect } from './failure-bodies';
import { responsesBody, responsesEvents } from './responses-events';
import type { StreamEvent } from './stream-event';

/** A scripted reply as the stream events of a dialect, `[DONE]` included for OpenAI. */
export function replyEvents(
  turn: ReplyTurn,
  identity: ReplyIdentity,
  dialect: Dialect,
  includeUsage: boolean,
): StreamEvent[] {
  if (dialect === 'anthropic') return anthropicEvents(turn, identity);
  if (dialect === 'responses') return responsesEvents(turn, identity);
  return [...completionChunks(turn, identity, includeUsage).map((data) => ({ data })), { data: '[DONE]' }];
}

export function replyBody(
  turn: ReplyTurn,
  identity: ReplyIdentity,
  dialect: Dialect,
): Record<string, unknown> {
  if (dialect === 'anthropic') return anthropicBody(turn, identity);
  if (dialect === 'responses') return responsesBody(turn, identity);
  return completionBody(turn, identity);
}

export function writeStreamHead(response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.flushHeaders();
}

export function writeEvent(response: ServerResponse, { event, data }: StreamEvent): void {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  response.write(`${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`);
}
