import { type IncomingMessage, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type Backend, backendAddress } from './forward-request';

/**
 * Forwards a WebSocket upgrade to a backend and, once it answers 101, joins the two sockets as a raw
 * pipe both ways: frames pass as bytes, with no per-frame work here (the backend checks the frames),
 * and Nagle's delay off on both so a small frame leaves at once. An answer other than 101 (401, 403,
 * 404 from the backend) goes to the browser as it came, and its socket is closed. When either side
 * ends or fails, the other is ended too. `failed` hears of a backend that could not be reached or
 * broke off before answering; the browser's socket is destroyed then. Never throws.
 */
export function forwardUpgrade(
  backend: Backend,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  failed: (error: Error) => void,
): void {
  prepareSocket(socket);
  // Bytes the browser sent after its upgrade request go to the backend once the pipe is joined.
  if (head.length > 0) socket.unshift(head);
  const outgoing = httpRequest({
    // A socket leaves the pool for good once upgraded: a connection of its own.
    agent: false,
    ...backendAddress(backend),
    method: request.method,
    path: request.url,
    headers: { ...request.headers, host: backend.hostHeader },
  });
  outgoing.on('error', (error) => {
    failed(error);
    socket.destroy();
  });
  // The browser gave up before the backend answered: the handshake goes no further.
  const abandon = () => outgoing.destroy();
  socket.once('close', abandon);
  outgoing.on('response', (backendResponse) => {
    socket.write(
      responseHead(backendResponse, `${backendResponse.statusCode} ${backendResponse.statusMessage}`),
    );
    backendResponse.pipe(socket);
  });
  outgoing.on('upgrade', (backendResponse, upstream: Socket, upstreamHead: Buffer) => {
    socket.off('close', abandon);
    if (socket.destroyed) return void upstream.destroy();
    prepareSocket(upstream);
    socket.write(responseHead(backendResponse, '101 Switching Protocols'));
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    joinSockets(socket, upstream);
  });
  outgoing.end();
}

/** Each end's FIN reaches the other through the pipe; an error or a close without one ends both. */
function joinSockets(browser: Duplex, upstream: Socket): void {
  upstream.pipe(browser);
  browser.pipe(upstream);
  upstream.on('error', () => browser.destroy());
  browser.on('error', () => upstream.destroy());
  upstream.on('close', () => browser.end());
  browser.on('close', () => upstream.end());
}

function prepareSocket(socket: Duplex): void {
  const tcp = socket as Partial<Socket>;
  tcp.setTimeout?.(0);
  tcp.setNoDelay?.(true);
  tcp.setKeepAlive?.(true, 0);
}

/** The backend's status line and headers as it sent them (llhttp has already refused CR and LF in them). */
function responseHead(backendResponse: IncomingMessage, status: string): string {
  const raw = backendResponse.rawHeaders;
  let head = `HTTP/1.1 ${status}\r\n`;
  for (let index = 0; index + 1 < raw.length; index += 2) head += `${raw[index]}: ${raw[index + 1]}\r\n`;
  return `${head}\r\n`;
}
