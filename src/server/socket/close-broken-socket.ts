import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * @fastify/websocket's error handler: a client that breaks the protocol (a frame over ws's cap, bad
 * framing, an invalid close code) is the client's fault, so one warning line without a stack; anything
 * else is logged as an error. Either way the socket is dropped, as the plugin's own handler does.
 */
export function closeBrokenSocket(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.warn({ ws_error: code }, 'socket closed: the client broke the WebSocket protocol');
  } else {
    request.log.error({ err: error }, 'socket failed');
  }
  socket.terminate();
}
