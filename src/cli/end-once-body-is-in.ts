import type { IncomingMessage, ServerResponse } from 'node:http';

/** An announced body up to this size is read to its end (and dropped) before an answer given early ends. */
const READ_BEFORE_END_BYTES = 8 * 1024 * 1024;

/**
 * Ends an answer given while the browser may still be sending the body (a 413, a refused Host or
 * Origin, a backend that is down, or one that answered before reading it). Its bytes (`last`, if
 * any) go out at once, but it ends only once the body is in, read and dropped. A connection that
 * asks to close is closed as the answer ends, and closed with body bytes still arriving it answers
 * them with a reset, which can take the answer with it before the browser has read it (a broken pipe
 * and no status). A body announced larger than 8 MiB is not waited for: the answer ends at once and
 * the connection is closed. Node's request timeout bounds the wait for a body of unknown length.
 */
export function endOnceBodyIsIn(request: IncomingMessage, response: ServerResponse, last?: Buffer): void {
  if (request.complete || !announcesBody(request)) return void response.end(last);
  if (Number(request.headers['content-length']) > READ_BEFORE_END_BYTES) {
    if (!response.headersSent) response.setHeader('Connection', 'close');
    return void response.end(last);
  }
  if (last !== undefined) response.write(last);
  onceBodyIsIn(request, response, () => response.end());
}

/**
 * Reads the rest of the request's body and drops it (taking it from a pipe it may still be in), then
 * calls `then`; a body cut off instead cuts the answer off.
 */
export function onceBodyIsIn(request: IncomingMessage, response: ServerResponse, then: () => void): void {
  if (request.complete) return void then();
  request.unpipe();
  request.once('end', then);
  request.once('error', () => response.destroy());
  request.resume();
}

/** A body follows the head: a length other than 0, or chunks. */
function announcesBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
