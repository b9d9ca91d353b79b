import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_SESSION_KEY } from '../testing/create-test-server';
import { createConversation } from '../testing/api-helpers';
import { listeningServerPerTest } from '../testing/listening-server-per-test';
import { openTestSocket } from '../testing/test-socket';
import { watchTestSocket } from '../testing/watch-test-socket';
import { SOCKET_FRAME_LIMIT_BYTES } from './socket-frame-limit';

const { start, track } = listeningServerPerTest();

/** A message frame of about `bytes` bytes: one text part, as a person pasting a large log sends it. */
function messageFrame(bytes: number, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ type: 'message', content: [{ type: 'text', text: 'x'.repeat(bytes) }], ...extra });
}

const TWO_MIB = 2 * 1024 * 1024;
const OVER_LIMIT = SOCKET_FRAME_LIMIT_BYTES + 1024 * 1024;

type Frame = Record<string, unknown>;

describe('the session socket and large frames', () => {
  it('takes a 2 MiB message frame, as REST does', async () => {
    const { app, baseUrl } = await start();
    const info = await createConversation(app);
    const socket = track(openTestSocket(baseUrl, info.id));
    await socket.waitFor((frame) => frame.type === 'sync');
    socket.send(messageFrame(TWO_MIB, { run: false }));
    const durable = await socket.waitFor(
      (frame) => frame.type === 'durable' && frame.event.kind === 'MessageEvent',
    );
    expect(durable.type === 'durable' && JSON.stringify(durable.event).length).toBeGreaterThan(TWO_MIB);
  });

  it('answers a frame over the limit with an error frame naming it, and stays open', async () => {
    const { app, baseUrl } = await start();
    const info = await createConversation(app);
    const socket = track(openTestSocket(baseUrl, info.id));
    await socket.waitFor((frame) => frame.type === 'sync');
    socket.send(messageFrame(OVER_LIMIT, { run: false }));
    const error = await socket.waitFor((frame) => frame.type === 'error');
    expect(error).toMatchObject({
      type: 'error',
      code: 'message_too_large',
      detail: expect.stringMatching(/\d+ MiB/),
    });
    socket.send(messageFrame(10, { run: false }));
    await socket.waitFor((frame) => frame.type === 'durable' && frame.event.kind === 'MessageEvent');
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe("upstream's event socket and large frames", () => {
  const openUpstream = (baseUrl: string, id: string) => {
    const socket = new WebSocket(
      `${baseUrl.replace(/^http/, 'ws')}/sockets/events/${id}?session_api_key=${TEST_SESSION_KEY}`,
    );
    return track({ socket, ...watchTestSocket<Frame>(socket) });
  };
  const upstreamMessage = (bytes: number) =>
    JSON.stringify({ role: 'user', content: [{ type: 'text', text: 'x'.repeat(bytes) }] });

  it('takes a 2 MiB message, and answers one over the limit with a ServerErrorEvent and stays open', async () => {
    const { app, baseUrl } = await start();
    const info = await createConversation(app);
    const client = openUpstream(baseUrl, info.id);
    await client.waitFor((frame) => frame.kind === 'ConversationStateUpdateEvent');
    client.socket.send(upstreamMessage(TWO_MIB));
    await client.waitFor((frame) => frame.kind === 'MessageEvent');
    client.socket.send(upstreamMessage(OVER_LIMIT));
    expect(await client.waitFor((frame) => frame.kind === 'ServerErrorEvent')).toMatchObject({
      code: 'message_too_large',
    });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });
});
