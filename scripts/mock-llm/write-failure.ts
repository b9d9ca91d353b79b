import type { ServerResponse } from 'node:http';
import type { FailTurn } from '../../src/runtime/llm/llm-script';
import type { ReplyIdentity } from './completion-chunks';
import { type Dialect, failureResponse } from './failure-bodies';
import { sendJson } from './http-io';
import { replyEvents, writeEvent, writeStreamHead } from './reply-events';

/**
 * Plays a scripted failure the way real providers fail. Resolves when the response is finished or,
 * for `hang`, when the client gave up (headers never go out, so the client waits until it aborts).
 */
export async function writeFailure(
  response: ServerResponse,
  turn: FailTurn,
  identity: ReplyIdentity,
  dialect: Dialect,
): Promise<void> {
  switch (turn.fail) {
    case 'hang':
      await new Promise<void>((resolve) => response.once('close', resolve));
      return;
    case 'drop_stream':
      await dropStream(response, turn, identity, dialect);
      return;
    case 'garbage':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>502 Bad Gateway (this is not a chat completion)</body></html>');
      return;
    default: {
      const { status, body, headers } = failureResponse(
        { ...turn, fail: turn.fail },
        dialect,
        identity.model,
      );
      sendJson(response, status, body, headers);
    }
  }
}

async function dropStream(
  response: ServerResponse,
  turn: FailTurn,
  identity: ReplyIdentity,
  dialect: Dialect,
): Promise<void> {
  writeStreamHead(response);
  const events = replyEvents({ text: turn.partial_text ?? 'Partial answer' }, identity, dialect, false);
  // Cut before anything that says the reply is complete (finish chunk, block or message stop).
  const cut =
    dialect === 'openai'
      ? events.length - 1
      : events.findIndex((event) => event.event === 'content_block_stop');
  for (const event of events.slice(0, cut)) writeEvent(response, event);
  // Let the bytes reach the client before the socket dies, so it really sees a stream cut mid-way.
  await new Promise((resolve) => setTimeout(resolve, 20));
  response.socket?.destroy();
}
