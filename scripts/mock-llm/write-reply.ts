import type { ServerResponse } from 'node:http';
import type { ReplyTurn } from '../../src/runtime/llm/llm-script';
import type { ReplyIdentity } from './completion-chunks';
import type { Dialect } from './failure-bodies';
import { pause, sendJson } from './http-io';
import { replyBody, replyEvents, writeEvent, writeStreamHead } from './reply-events';

export interface ReplyMode {
  dialect: Dialect;
  stream: boolean;
  includeUsage: boolean;
}

/** Plays a scripted reply: stream events with the scripted pauses, or one JSON body. */
export async function writeReply(
  response: ServerResponse,
  turn: ReplyTurn,
  identity: ReplyIdentity,
  mode: ReplyMode,
): Promise<void> {
  await pause(response, turn.delay_ms ?? 0);
  if (response.destroyed) return;
  if (!mode.stream || turn.no_stream) {
    sendJson(response, 200, replyBody(turn, identity, mode.dialect));
    return;
  }
  writeStreamHead(response);
  const events = replyEvents(turn, identity, mode.dialect, mode.includeUsage);
  for (const [index, event] of events.entries()) {
    // The pause goes between content events only; the closing marker follows at once.
    if (index > 0 && index < events.length - 1) await pause(response, turn.chunk_delay_ms ?? 0);
    if (response.destroyed) return;
    writeEvent(response, event);
  }
  response.end();
}
