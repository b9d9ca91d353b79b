import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/** Test support, not product code: servers and clients that only ever use 127.0.0.1 and Unix sockets. */
export interface TestTarget {
  port: number;
  /** Requests the target has answered, to prove a refused request never arrived. */
  requests: string[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1: `GET /hello` answers a fixed text, `POST /echo` answers the body back. */
export async function startTestTarget(): Promise<TestTarget> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(
      `${request.method} ${request.url} host=${request.headers.host} proxy=${request.headers['proxy-connection'] ?? '-'}`,
    );
    if (request.method === 'POST' && request.url === '/echo') {
      const length = request.headers['content-length'];
      if (length !== undefined) response.setHeader('content-length', length);
      request.pipe(response);
      return;
    }
    response.end(request.url === '/hello' ? 'hello from the target\n' : 'not found\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('target did not get a TCP port');
  return {
    port: address.port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TunnelAnswer {
  status: number;
  statusLine: string;
  /** For refusals: the whole body. For 200: empty, and `socket` carries the tunnel. */
  body: string;
  socket: Socket;
}

/** Sends `CONNECT authority` to the proxy on `socketPath` and reads its answer head. */
export function openTunnel(socketPath: string, authority: string): Promise<TunnelAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ path: socketPath });
    let received = Buffer.alloc(0);
    socket.on('error', reject);
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const statusLine = received.subarray(0, received.indexOf('\r\n')).toString();
      const status = Number(statusLine.split(' ')[1]);
      socket.off('data', onData);
      if (status === 200) {
        resolve({ status, statusLine, body: '', socket });
        return;
      }
      let body = received.subarray(headEnd + 4).toString();
      socket.on('data', (more: Buffer) => {
        body += more.toString();
      });
      socket.on('end', () => resolve({ status, statusLine, body, socket }));
    };
    socket.on('data', onData);
  });
}

/** Writes `payload` to a connected socket, half-closes, and collects everything until the far end closes. */
export function exchange(socket: Socket, payload: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.end(payload);
  });
}
