import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small HTTP helpers of the mock server (node:http, no framework: the mock must stay tiny). */

const MAX_BODY_BYTES = 50 * 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of request) {
    const buffer = part as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error(`request body over ${MAX_BODY_BYTES} bytes`);
    parts.push(buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** Waits `ms`, or less if the client went away (then there is nobody left to write to). */
export function pause(response: ServerResponse, ms: number): Promise<void> {
  if (ms <= 0 || response.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    response.once('close', done);
    function done() {
      clearTimeout(timer);
      response.off('close', done);
      resolve();
    }
  });
}
