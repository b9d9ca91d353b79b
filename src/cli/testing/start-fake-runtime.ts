import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { WebSocketServer } from 'ws';

export interface FakeRuntime {
  url: string;
  port: number;
  /** Requests seen, as "METHOD path". */
  seen: string[];
  close(): Promise<void>;
}

/**
 * A little real upstream for ingress tests: /server_info answers JSON, /api/echo echoes the body and the
 * headers it received, /api/early answers 401 at once without reading the body (as the runtime does for
 * a request without the session key), /sockets/echo is a WebSocket echo. Not the real runtime: that one
 * is tested through the launcher. With `socketPath` it also serves a Unix socket there, as the runtime does.
 */
export async function startFakeRuntime(options: { socketPath?: string } = {}): Promise<FakeRuntime> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    if (request.url?.startsWith('/api/early')) {
      response.statusCode = 401;
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ detail: 'Unauthorized' }));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      if (request.url?.startsWith('/server_info')) {
        response.end(JSON.stringify({ title: 'fake', version: '9.9.9' }));
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      response.end(
        JSON.stringify({ method: request.method, url: request.url, body, headers: request.headers }),
      );
    });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    seen.push(`UPGRADE ${request.url}`);
    sockets.handleUpgrade(request, socket, head, (client) => {
      client.on('message', (data) => client.send(`echo:${data.toString()}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const unixConnections = new Set<Socket>();
  const unix = options.socketPath
    ? createNetServer((socket) => {
        unixConnections.add(socket);
        server.emit('connection', socket);
      })
    : undefined;
  if (unix) await new Promise<void>((resolve) => unix.listen(options.socketPath, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        unix?.close();
        for (const socket of unixConnections) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
