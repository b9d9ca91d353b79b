import type { Socket } from 'node:net';
import type WebSocket from 'ws';
import type { TestServer } from './create-test-server';

/**
 * Makes `socket` a client that stops reading: its TCP socket is paused while 80 messages of 200 kB
 * each are stored on the conversation (16 MB, well past any test's maxBufferedBytes), then resumed
 * so the close can arrive.
 */
export async function floodPausedReader(
  app: TestServer,
  socket: WebSocket,
  conversationId: string,
): Promise<void> {
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  tcp.pause();
  const big = 'x'.repeat(200_000);
  for (let index = 0; index < 80; index++) {
    await app.service.sendMessage(conversationId, {
      role: 'user',
      content: [{ type: 'text', text: `${index} ${big}` }],
      run: false,
    });
  }
  tcp.resume();
}
