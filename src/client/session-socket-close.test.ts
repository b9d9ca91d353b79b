import { createServer, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSessionSocket, type SessionSocketOptions } from './session-socket';

const open: Socket[] = [];
const server = createServer((socket) => open.push(socket));
afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
  server.close();
});

it('closing while the connection is still being set up throws nothing (Node ws)', async () => {
  // A server that accepts TCP but never answers the upgrade: the socket stays CONNECTING.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  try {
    const socket = createSessionSocket({
      baseUrl: `http://127.0.0.1:${port}`,
      conversationId: '00000000-0000-4000-8000-000000000001',
      sessionKey: 'key',
      WebSocket: WebSocket as unknown as SessionSocketOptions['WebSocket'],
      onEvent: () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.state()).toBe('closed');
    expect(uncaught).toEqual([]);
  } finally {
    process.off('uncaughtException', onUncaught);
  }
});
