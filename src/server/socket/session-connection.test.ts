import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createConversation } from '../testing/api-helpers';
import { TEST_SESSION_KEY } from '../testing/create-test-server';
import { listeningServerPerTest } from '../testing/listening-server-per-test';
import { openTestSocket } from '../testing/test-socket';
import { watchTestSocket } from '../testing/watch-test-socket';

const { start, track } = listeningServerPerTest();

describe('frames sent right behind the auth frame', () => {
  it('on the session socket are answered in order, after sync', async () => {
    const { app, baseUrl } = await start();
    const info = await createConversation(app);
    const client = track(openTestSocket(baseUrl, info.id, { auth: 'none' }));
    client.socket.on('open', () => {
      client.send({ type: 'auth', session_api_key: TEST_SESSION_KEY });
      client.send({ type: 'nonsense' });
      client.send({ type: 'message', content: [{ type: 'text', text: 'right away' }], run: false });
    });
    await client.waitFor((frame) => frame.type === 'durable' && frame.event.kind === 'MessageEvent');
    const types = client.frames.map((frame) => frame.type);
    expect(types[0]).toBe('sync');
    expect(types.indexOf('error')).toBeGreaterThan(0);
    expect(types.indexOf('error')).toBeLessThan(types.lastIndexOf('durable'));
  });

  it("on upstream's event socket are answered in order, after the full state", async () => {
    const { app, baseUrl } = await start();
    const info = await createConversation(app);
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/sockets/events/${info.id}`);
    const client = track({ socket, ...watchTestSocket<Record<string, unknown>>(socket) });
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'auth', session_api_key: TEST_SESSION_KEY }));
      socket.send('not json');
      socket.send(JSON.stringify({ role: 'user', content: [{ type: 'text', text: 'right away' }] }));
    });
    await client.waitFor((frame) => frame.kind === 'MessageEvent');
    const kinds = client.frames.map((frame) => frame.kind);
    expect(kinds[0]).toBe('ConversationStateUpdateEvent');
    expect(kinds.indexOf('ServerErrorEvent')).toBeGreaterThan(0);
    expect(kinds.indexOf('ServerErrorEvent')).toBeLessThan(kinds.indexOf('MessageEvent'));
  });
});
