import {
  Agent,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request as httpRequest,
  type ServerResponse,
} from 'node:http';
import { onceBodyIsIn } from './end-once-body-is-in';

/** One backend (the runtime or the automation service) as the forwarder reaches it; made once per URL. */
export interface Backend {
  /** The base URL it was made from, e.g. http://127.0.0.1:18000 (what the runtime router names). */
  url: string;
  hostname: string;
  port: number;
  /** The Host the backend sees: its own (127.0.0.1:<port>), the only kind its Host check accepts. */
  hostHeader: string;
  /**
   * The runtime's Unix socket in the data dir, reached instead of hostname:port when set: the same
   * server, without TCP's loopback costs (src/server/process/listen-on-unix-socket.ts).
   */
  socketPath?: string;
  /**
   * A pool of kept-alive connections, so a request does not pay for a new TCP connection and the
   * backend's accept (most of what a proxy adds per request). Keep-alive matters for correctness too:
   * a backend that answers before reading an upload (401, 403, 404) on a connection marked `close`
   * closes it with the body still arriving, the kernel resets it, and the browser would get a 502
   * instead of the answer. An idle pooled connection is not reused after the backend's
   * `Keep-Alive: timeout` hint says it will close it (Node's agent honours it).
   */
  agent: Agent;
}

/** `socketPath`: the Unix socket the same backend also listens on, used instead of the URL's port. */
export function createBackend(url: string, socketPath?: string): Backend {
  const parsed = new URL(url);
  const port = Number(parsed.port || 80);
  return {
    url,
    hostname: parsed.hostname,
    port,
    hostHeader: parsed.host,
    ...(socketPath === undefined ? {} : { socketPath }),
    agent: new Agent({ keepAlive: true, scheduling: 'lifo' }),
  };
}

/** Where http.request reaches a backend: its Unix socket when it has one, else its host and port. */
export function backendAddress(
  backend: Backend,
): { socketPath: string } | { hostname: string; port: number } {
  if (backend.socketPath !== undefined) return { socketPath: backend.socketPath };
  return { hostname: backend.hostname, port: backend.port };
}

export interface ForwardOptions {
  /** The body, already read whole; without it the request's own body is streamed through. */
  body?: Buffer;
  /**
   * Sees the backend's answer before it is passed on; returns true when it took the answer over
   * (then status, headers and body are its business). May be absent.
   */
  intercept?(backendResponse: IncomingMessage): boolean;
  /** Called with the answer's status just before it is passed on. */
  answered?(status: number): void;
  /**
   * The backend could not be reached, or the exchange broke before an answer arrived. Nothing was
   * written to `response`: the caller answers (a 502, or a retry elsewhere).
   */
  failed(error: Error): void;
}

/**
 * Sends one request to a backend and its answer back, over plain `http.request` on the backend's
 * pool: no proxy library, no per-request URL parsing, no body pipe for a request without one. The
 * browser's hop-by-hop headers stay on its hop; everything else passes as it came, both ways. An
 * answer cut off halfway cuts the browser's answer off too, and a browser that leaves ends the
 * backend's request. Never throws.
 */
export function forwardRequest(
  backend: Backend,
  request: IncomingMessage,
  response: ServerResponse,
  options: ForwardOptions,
): void {
  const outgoing = httpRequest({
    agent: backend.agent,
    ...backendAddress(backend),
    method: request.method,
    path: request.url,
    headers: headersToSend(request.headers, backend.hostHeader),
  });
  outgoing.on('error', (error) => {
    // Once the answer is on its way (say a 401 given before reading an upload, then the upload's
    // write fails), the error is not news: the answer's own end or cut-off decides.
    if (!response.headersSent) options.failed(error);
  });
  outgoing.on('response', (backendResponse) => {
    if (options.intercept?.(backendResponse)) return;
    options.answered?.(backendResponse.statusCode ?? 0);
    passOn(request, backendResponse, response);
  });
  response.on('close', () => {
    // The browser left before its answer was complete: the backend need not go on.
    if (!response.writableFinished) outgoing.destroy();
  });
  sendBody(request, outgoing, options.body);
}

/**
 * Status, headers and body as the backend sent them, minus the backend's own connection headers (the
 * browser's connection is Node's to manage).
 */
export function passOn(
  request: IncomingMessage,
  backendResponse: IncomingMessage,
  response: ServerResponse,
): void {
  response.writeHead(
    backendResponse.statusCode ?? 502,
    backendResponse.statusMessage,
    headersToPassOn(request, backendResponse),
  );
  // An answer cut off halfway must not leave the browser waiting for the rest.
  backendResponse.on('close', () => {
    if (!backendResponse.complete) response.destroy();
  });
  // Ended here rather than by the pipe: an answer given before the body was read ends once the body is in.
  backendResponse.on('end', () => endAfterBody(request, backendResponse, response));
  backendResponse.pipe(response, { end: false });
}

export function headersToPassOn(
  request: IncomingMessage,
  backendResponse: IncomingMessage,
): OutgoingHttpHeaders {
  const dropTransferEncoding = request.httpVersion === '1.0';
  const headers: OutgoingHttpHeaders = {};
  // Copied key by key rather than spread and deleted from: an object that loses keys turns into a slow
  // dictionary, and Node walks these headers once more to write them.
  for (const [name, value] of Object.entries(backendResponse.headers)) {
    if (name === 'connection' || name === 'keep-alive') continue;
    if (dropTransferEncoding && name === 'transfer-encoding') continue;
    headers[name] = value;
  }
  return headers;
}

/** The browser's headers for the backend: its own Host, and our kept-alive hop instead of the browser's. */
function headersToSend(headers: IncomingHttpHeaders, hostHeader: string): OutgoingHttpHeaders {
  const sent: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'host' || name === 'connection' || name === 'keep-alive' || name === 'proxy-connection')
      continue;
    sent[name] = value;
  }
  sent.host = hostHeader;
  sent.connection = 'keep-alive';
  return sent;
}

function sendBody(request: IncomingMessage, outgoing: ClientRequest, body: Buffer | undefined): void {
  if (body !== undefined) return void outgoing.end(body);
  const hasBody =
    request.headers['transfer-encoding'] !== undefined ||
    (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');
  if (hasBody) return void request.pipe(outgoing);
  // Nothing to stream: sent at once, without a pipe's round of events.
  outgoing.end();
  request.resume();
}

/**
 * The backend has answered in full, perhaps while the browser is still sending the body (an answer
 * given before reading it: 401, 403, 404). The backend does not want the rest, and Node stops passing
 * 'drain' on from a request whose answer has ended, which would stall the pipe and with it the
 * browser's connection. So the rest is read here and dropped (the ingress's own limit, checked
 * before forwarding, bounds it), and the backend's connection is closed. The browser's answer ends
 * only once its body is in: a connection that asks to close is closed as the answer ends, and closed
 * with body bytes still arriving it would answer them with a reset, which can take the answer with it
 * before the browser has read it. A kept-alive connection then serves the next request.
 */
function endAfterBody(
  request: IncomingMessage,
  backendResponse: IncomingMessage,
  response: ServerResponse,
): void {
  if (request.complete) return void response.end();
  onceBodyIsIn(request, response, () => response.end());
  // Node sets `req` (the outgoing ClientRequest) on every response it parses; the types leave it out.
  (backendResponse as IncomingMessage & { req?: ClientRequest }).req?.destroy();
}
