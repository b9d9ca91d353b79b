import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The reason doubles as the HTTP reason phrase: clients such as pip print only "Tunnel connection
 * failed: 403 <phrase>", so the model sees why without the body. Printable ASCII only, as RFC 9112 needs.
 */
function reasonPhrase(reason: string): string {
  return reason.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

/** Answers a CONNECT (or upgrade) on the raw socket with `status`, the one-line reason, and closes it. */
export function answerSocketWithReason(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  const head = [
    `HTTP/1.1 ${status} ${reasonPhrase(reason)}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/** Answers a plain-HTTP proxy request with `status` and the one-line reason as a text/plain body. */
export function answerWithReason(response: ServerResponse, status: number, reason: string): void {
  const body = `${reason}\n`;
  response.writeHead(status, reasonPhrase(reason), {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}
