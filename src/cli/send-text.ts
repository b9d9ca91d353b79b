import type { IncomingMessage, ServerResponse } from 'node:http';
import { endOnceBodyIsIn } from './end-once-body-is-in';

/**
 * A short plain-text answer; never more than the message we chose, so no stack trace can leak.
 * `request`: given while its body may still be arriving, the answer ends once the body is in
 * (end-once-body-is-in.ts).
 */
export function sendText(
  response: ServerResponse,
  status: number,
  message: string,
  request?: IncomingMessage,
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  send(response, status, 'text/plain; charset=utf-8', Buffer.from(`${message}\n`), request);
}

/** A JSON answer in the runtime's error shape, for the few errors the ingress gives on its behalf. */
export function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  request?: IncomingMessage,
): void {
  send(response, status, 'application/json; charset=utf-8', Buffer.from(JSON.stringify(value)), request);
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: Buffer,
  request: IncomingMessage | undefined,
): void {
  response.statusCode = status;
  response.setHeader('Content-Type', contentType);
  response.setHeader('Content-Length', body.length);
  response.setHeader('Cache-Control', 'no-store');
  if (request === undefined) return void response.end(body);
  endOnceBodyIsIn(request, response, body);
}
