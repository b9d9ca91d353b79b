import { afterEach, describe, expect, it } from 'vitest';
import { createConversation } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';
import { openTestSocket, type TestSocket } from '../testing/test-socket';

let server: TestServer | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.socket.terminate();
  await server?.close();
  server = undefined;
});

async function startWithConversation() {
  server = await createTestServer({ socket: { authTimeoutMs: 300 } });
  const baseUrl = await server.listen();
  const info = await createConversation(server);
  return { baseUrl, id: info.id };
}

function open(...args: Parameters<typeof openTestSocket>): TestSocket {
  const socket = openTestSocket(...args);
  sockets.push(socket);
  return socket;
}

describe('session socket: the browser cookie', () => {
  it('treats an upgrade with the right awb_session cookie as authenticated: sync at once, no auth frame', async () => {
    const { baseUrl, id } = await startWithConversation();
    const socket = open(baseUrl, id, { auth: 'cookie' });
    const sync = await socket.waitFor((frame) => frame.type === 'sync', 2_000);
    expect(sync).toMatchObject({ type: 'sync', from_seq: 0 });
  });

  it('ignores a later auth frame with the right key', async () => {
    const { baseUrl, id } = await startWithConversation();
    const socket = open(baseUrl, id, { auth: 'cookie' });
    await socket.waitFor((frame) => frame.type === 'sync');
    socket.send({ type: 'auth', session_api_key: 'test-session-key-0123456789abcdef' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });

  it('closes 4001 for a later auth frame with a wrong key', async () => {
    const { baseUrl, id } = await startWithConversation();
    const socket = open(baseUrl, id, { auth: 'cookie' });
    await socket.waitFor((frame) => frame.type === 'sync');
    socket.send({ type: 'auth', session_api_key: 'wrong' });
    expect((await socket.closed).code).toBe(4001);
  });

  it('closes 4001 at once for a wrong cookie', async () => {
    const { baseUrl, id } = await startWithConversation();
    const socket = open(baseUrl, id, { auth: 'cookie', key: 'stale-key' });
    expect((await socket.closed).code).toBe(4001);
    expect(socket.frames).toEqual([]);
  });
});
