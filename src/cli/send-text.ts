import type { ServerResponse } from 'node:http';

/** A short plain-text answer; never more than the message we chose, so no stack trace can leak. */
export function sendText(response: ServerResponse, status: number, message: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = Buffer.from(`${message}\n`);
  response.statusCode = status;
  response.setHeader('Content-Type', 'text/plain; charset=utf-8');
  response.setHeader('Content-Length', body.length);
  response.setHeader('Cache-Control', 'no-store');
  response.end(body);
}

/** A JSON answer in the runtime's error shape, for the few errors the ingress gives on its behalf. */
export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', body.length);
  response.setHeader('Cache-Control', 'no-store');
  response.end(body);
}
