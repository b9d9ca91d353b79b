import { afterEach } from 'vitest';
import type WebSocket from 'ws';
import { createTestServer, type TestServer, type TestServerOptions } from './create-test-server';

/**
 * For socket test files: `start(options)` makes a listening test server, `track(client)` registers
 * a client; after each test every tracked client is cut off and the server closed, so no socket
 * outlives its test. Call it at the top level of the file.
 */
export function listeningServerPerTest(): {
  start(options?: TestServerOptions): Promise<{ app: TestServer; baseUrl: string }>;
  track<C extends { socket: WebSocket }>(client: C): C;
} {
  let server: TestServer | undefined;
  const clients: { socket: WebSocket }[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.socket.terminate();
    await server?.close();
    server = undefined;
  });
  return {
    async start(options = {}) {
      server = await createTestServer(options);
      const baseUrl = await server.listen();
      return { app: server, baseUrl };
    },
    track(client) {
      clients.push(client);
      return client;
    },
  };
}
