import { connect, type Socket } from 'node:net';
import type { Backend } from './forward-request';
import { parseRequestHead, type RequestHead } from './parse-request-head';
import { createResponseFramer } from './response-framer';

/** What the fast path asks of the ingress around it. */
export interface FastPathContext {
  /** The backend this request goes to, or undefined when the http.Server path must take it (see below). */
  backendFor(head: RequestHead): Backend | undefined;
  /** Gives the connection, with `unread` bytes to read first, to the http.Server for the rest of its life. */
  handOff(socket: Socket, unread: Buffer): void;
  /**
   * Who serves the connection for the rest of its life from this request on, instead of the fast
   * path (the one runtime's own process, start-ingress.ts), or undefined. Given the connection with
   * `unread` (this request's bytes read so far, and any after them).
   */
  receiverFor?(head: RequestHead): ((socket: Socket, unread: Buffer) => void) | undefined;
  /** The backend could not be reached, or broke before answering: what the browser gets (a 502). */
  unreachable(backend: Backend, error: Error): { status: number; body: string };
}

/** Node's own limit for a request head; past it the answer is 431, as from the http.Server. */
export const MAX_REQUEST_HEAD_BYTES = 16 * 1024;
/**
 * The largest body the fast path carries (read whole before it is sent, so that bytes after it are
 * seen). It is within every route's limit (the smallest, a webhook's, is 64 KiB), so no 413 is
 * given here; larger bodies take the http.Server path, which applies the limits.
 */
export const FAST_PATH_BODY_LIMIT_BYTES = 64 * 1024;
/**
 * A request must be in whole within this time of its first byte (Node's headersTimeout is 60 s):
 * checked as its bytes come, the idle timeout catching a browser that sends nothing more.
 */
const REQUEST_DEADLINE_MS = 60_000;
/** An idle connection between requests is closed after this (Node's keepAliveTimeout). */
const IDLE_TIMEOUT_MS = 5_000;
const HEAD_END = Buffer.from('\r\n\r\n');
/** No bytes read yet (shared: an empty buffer has nothing to change). */
const NOTHING = Buffer.alloc(0);
/**
 * Tells the browser when an idle connection closes, as Node's server does, so that a client does not
 * send a request on a connection the ingress is closing (Node's agent leaves it a second early).
 */
const KEEP_ALIVE_HINT = [`Keep-Alive: timeout=${IDLE_TIMEOUT_MS / 1000}`];
/** The browser's hop-by-hop fields and Host: the backend gets its own Host and our kept-alive hop. */
const NOT_SENT_ON = new Set(['host', 'connection', 'keep-alive', 'proxy-connection']);

/**
 * One browser connection on the fast path: each request head is read and checked here (no Node HTTP
 * objects), re-written as the forwarder would write it, and sent with its Content-Length body on a
 * connection of this browser connection's own to the backend (kept while the browser keeps its own);
 * the answer's bytes come back as they are, heads without the backend's connection fields. Requests
 * are taken one at a time: the next head is read once the answer before it is complete, so a later
 * request can go to another backend. The first request the fast path does not serve (see
 * `FastPathContext.backendFor`, a chunked body, a larger one, bytes after a body) hands the
 * connection to the http.Server before anything of it is sent. A smuggling shape gets 400, a head
 * over 16 KiB 431, and the connection is closed. Never throws.
 */
export function serveFastPathConnection(socket: Socket, context: FastPathContext): void {
  let buffered: Buffer = NOTHING;
  let upstream: Upstream | undefined;
  let inFlight = false;
  /** When the first byte of the request being read came (0: none yet); checked as bytes arrive. */
  let requestStartedAt = 0;
  let clientEnded = false;
  socket.setNoDelay(true);

  const onData = (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    if (inFlight) return void socket.pause(); // the next request waits for this answer
    if (requestStartedAt === 0) requestStartedAt = Date.now();
    else if (Date.now() - requestStartedAt > REQUEST_DEADLINE_MS) return void socket.destroy();
    readNext();
  };
  const onEnd = () => {
    clientEnded = true;
    if (!inFlight) socket.end();
  };
  const onClose = () => upstream?.socket.destroy();
  // Silence while an answer is awaited is the backend's business; silence before a request (or in
  // the middle of one) is the browser's, and ends the connection.
  const onTimeout = () => {
    if (!inFlight) socket.destroy();
  };
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('close', onClose);
  socket.on('error', () => socket.destroy());
  socket.on('timeout', onTimeout);
  socket.setTimeout(IDLE_TIMEOUT_MS);

  function readNext(): void {
    if (buffered.length === 0) return;
    const headEnd = buffered.indexOf(HEAD_END);
    if (headEnd === -1 || headEnd + 4 > MAX_REQUEST_HEAD_BYTES) {
      if (headEnd !== -1 || buffered.length > MAX_REQUEST_HEAD_BYTES) refuse(431, HEAD_TOO_LARGE);
      return;
    }
    const parsed = parseRequestHead(buffered.toString('latin1', 0, headEnd));
    if (!parsed.ok) return void refuse(400, 'Bad Request');
    const head = parsed.head;
    const receiver = context.receiverFor?.(head);
    if (receiver) return void release(receiver);
    const bodyLength = Number(head.byName.get('content-length') ?? 0);
    const backend = context.backendFor(head);
    const bodyStart = headEnd + 4;
    const requestEnd = bodyStart + bodyLength;
    // Bytes after the body are a pipelined request: its answer must wait for this one's, which
    // the http.Server knows how to do.
    if (!backend || bodyLength > FAST_PATH_BODY_LIMIT_BYTES || buffered.length > requestEnd) {
      release(context.handOff);
      return;
    }
    if (buffered.length < requestEnd) return; // the rest of the body is on its way
    requestStartedAt = 0;
    const body = bodyLength === 0 ? undefined : buffered.subarray(bodyStart, requestEnd);
    buffered = NOTHING;
    send(backend, head, serialiseHead(head, backend.hostHeader), body);
  }

  /** The head as a string and the body as it came: no copy of either into a buffer of their own. */
  function send(backend: Backend, head: RequestHead, headText: string, body: Buffer | undefined): void {
    if (upstream && upstream.backend !== backend) {
      upstream.detach();
      upstream = undefined;
    }
    upstream ??= openUpstream(backend);
    inFlight = true;
    upstream.framer.expect(head.method);
    const connection = upstream.socket;
    if (body === undefined) return void connection.write(headText, 'latin1');
    // Head and body leave in one write, not two.
    connection.cork();
    connection.write(headText, 'latin1');
    connection.write(body);
    connection.uncork();
  }

  function openUpstream(backend: Backend): Upstream {
    const connection =
      backend.socketPath === undefined
        ? connect({ host: backend.hostname, port: backend.port })
        : connect({ path: backend.socketPath });
    connection.setNoDelay(true); // a no-op on a Unix socket
    const framer = createResponseFramer(
      {
        write: (bytes) => (typeof bytes === 'string' ? socket.write(bytes, 'latin1') : socket.write(bytes)),
        ended: (reusable) => {
          inFlight = false;
          if (!reusable) {
            current.detach();
            if (upstream === current) upstream = undefined;
          }
          if (clientEnded) return void socket.end();
          socket.resume();
          if (buffered.length > 0) {
            requestStartedAt = Date.now();
            readNext();
          }
        },
      },
      KEEP_ALIVE_HINT,
    );
    const broke = (error: Error) => {
      if (upstream === current) upstream = undefined;
      if (!inFlight) return; // closed while idle: the next request opens another
      // An answer whose end is the backend's close is complete; any other must reach the browser cut.
      if (framer.endsWithClose) return void socket.end();
      if (framer.started) return void socket.destroy();
      inFlight = false;
      const answer = context.unreachable(backend, error);
      socket.end(plainAnswer(answer.status, answer.body));
    };
    const onUpstreamData = (chunk: Buffer) => {
      // A head and the body after it leave in one write, not two.
      socket.cork();
      const understood = framer.push(chunk);
      socket.uncork();
      if (!understood) {
        connection.destroy();
        socket.destroy();
      }
    };
    const detach = listenToBackend(connection, onUpstreamData, broke);
    const current: Upstream = { backend, socket: connection, framer, detach };
    return current;
  }

  /** The connection leaves the fast path, with what was read of it and not yet sent. */
  function release(to: (socket: Socket, unread: Buffer) => void): void {
    socket.off('data', onData);
    socket.off('end', onEnd);
    socket.off('close', onClose);
    socket.off('timeout', onTimeout);
    socket.setTimeout(0);
    upstream?.detach();
    socket.pause();
    to(socket, buffered);
  }

  function refuse(status: 400 | 431, body: string): void {
    socket.off('data', onData);
    socket.end(plainAnswer(status, body));
  }
}

/**
 * Passes a backend connection's bytes to `onData` and its error or close to `broke`; the returned
 * detach stops listening and closes it, without the browser hearing of it.
 */
function listenToBackend(
  connection: Socket,
  onData: (chunk: Buffer) => void,
  broke: (error: Error) => void,
): () => void {
  const onError = (error: Error) => broke(error);
  const onClose = () => broke(new Error('the backend closed the connection'));
  connection.on('data', onData);
  connection.on('error', onError);
  connection.on('close', onClose);
  return () => {
    connection.off('data', onData);
    connection.off('error', onError);
    connection.off('close', onClose);
    connection.on('error', () => connection.destroy());
    connection.destroy();
  };
}

interface Upstream {
  backend: Backend;
  socket: Socket;
  framer: ReturnType<typeof createResponseFramer>;
  /** Stops listening and closes the connection, without the browser hearing of it. */
  detach(): void;
}

const HEAD_TOO_LARGE = 'Request URL or headers are too large (over 16 KiB)';
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  431: 'Request Header Fields Too Large',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The head the backend gets: the browser's fields minus its hop's, then the backend's Host and our hop. */
export function serialiseHead(head: RequestHead, hostHeader: string): string {
  let text = `${head.method} ${head.target} HTTP/1.1\r\n`;
  for (const [name, value] of head.fields) {
    if (!NOT_SENT_ON.has(name.toLowerCase())) text += `${name}: ${value}\r\n`;
  }
  return `${text}host: ${hostHeader}\r\nconnection: keep-alive\r\n\r\n`;
}

/** A short plain-text answer that closes the connection (as sendText's, with Connection: close). */
function plainAnswer(status: number, message: string): string {
  const body = `${message}\n`;
  return (
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\n` +
    `Content-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}
