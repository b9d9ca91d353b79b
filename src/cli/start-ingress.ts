import {
  Agent,
  type ClientRequest,
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { type Duplex, Readable } from 'node:stream';
import httpProxy from 'http-proxy';
import { handleAuthRequest } from './handle-auth-request';
import {
  allowedHostHeaders,
  allowedOrigins,
  isAllowedHost,
  isAllowedOrigin,
  needsOriginCheck,
} from './ingress-guards';
import { isSocketPath, routeFor } from './ingress-route';
import { askOwnerOverHttp, createRuntimeRouter } from './runtime-router';
import type { LoginToken } from './login-token';
import { readBodyUpTo } from './read-body-up-to';
import { redeemLoginUrl } from './redeem-login-url';
import { sendJson, sendText } from './send-text';
import { createSpaHandler } from './serve-spa';

export interface IngressOptions {
  host: string;
  /** 0 picks a free port (tests); the CLI always passes a real one. */
  port: number;
  /** When true, --host joins the accepted Host headers. */
  public: boolean;
  /** Base URL of the runtime, e.g. http://127.0.0.1:18000. */
  runtimeUrl: string;
  /**
   * Several runtimes on one database (--runtimes N), the first being `runtimeUrl`: a conversation's
   * traffic goes to the runtime holding its lease (runtime-router.ts).
   */
  runtimeUrls?: readonly string[];
  /**
   * Base URL of the automation service (e.g. http://127.0.0.1:18100), which answers /api/automation.
   * Undefined when the launcher does not start one (--runtime-url): that prefix then answers 503.
   */
  automationUrl?: string | undefined;
  /** The built SPA folder (dist/ui). */
  staticDir: string;
  /** What POST /auth/session checks and the session cookie carries. */
  sessionKey: string;
  /** The one-time token of the printed login URL; undefined with --public (people type the key). */
  loginToken: LoginToken | undefined;
  /** Other front ends' origins (--allow-origin) whose pages may make changes and open sockets here. */
  allowOrigins?: readonly string[];
}

export interface Ingress {
  /** The port actually bound. */
  port: number;
  /** The origins of pages this ingress serves (http://<each accepted Host>), for the runtime's Origin check. */
  origins: string[];
  /** Stops accepting, drops open connections (sockets included) and resolves when the server is closed. */
  close(): Promise<void>;
  /**
   * The launcher saw this runtime's process die: its conversations are looked up again at once (another
   * runtime takes them, their owner's lock having died with it) and it is passed over while it restarts.
   */
  runtimeDown(url: string): void;
}

export type StartIngressResult = { ok: true; ingress: Ingress } | { ok: false; code: string };

/**
 * CONTRACT §3's body limit, also enforced here for bodies that announce their length: the runtime
 * answers 413 and closes the connection while the upload is still streaming, and the proxy then hits
 * EPIPE before it can read that answer, so the person would see a 502 instead of the 413.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;
const BODY_TOO_LARGE = { detail: 'Request body is larger than 1 MiB', code: 'body_too_large' };
/**
 * The one route with a larger body: the runtime's file upload takes a 64 MiB file plus room for the
 * multipart lines (src/server/routes/workspace-file-routes.ts UPLOAD_BODY_LIMIT_BYTES, same figures).
 */
export const UPLOAD_PATH = '/api/file/upload';
export const UPLOAD_BODY_LIMIT_BYTES = 65 * 1024 * 1024;
const UPLOAD_TOO_LARGE = { detail: 'The upload is larger than 64 MiB', code: 'upload_too_large' };
/**
 * A message with images (data URLs) is larger: six images of 5 MiB in base64 plus the text, as the
 * runtime allows on that route (src/runtime/conversation/message-image-rules.ts, same figures).
 */
const MESSAGE_PATH = /^\/api\/conversations\/[^/]+\/events$/;
export const MESSAGE_BODY_LIMIT_BYTES = Math.ceil((6 * 5 * 1024 * 1024 * 4) / 3) + 2 * 1024 * 1024;
const MESSAGE_TOO_LARGE = {
  detail: 'The message is too large: at most 6 images of 5 MiB each can be sent at once',
  code: 'message_too_large',
};

const RUNTIME_DOWN =
  'Agent Workbench runtime is not reachable (it may be restarting). Try again in a moment.';
const AUTOMATION_DOWN =
  'The automation service is not reachable (it may be restarting). Try again in a moment.';
const NO_AUTOMATIONS = {
  detail: 'Automations run only when the launcher starts the runtime itself (not with --runtime-url)',
  code: 'automations_unavailable',
};
/**
 * A webhook's body limit (src/automation/build-automation-server.ts WEBHOOK_BODY_LIMIT_BYTES, same
 * figure), answered here for a body that announces its length, for the reason given above.
 */
const WEBHOOK_PATH = /^\/api\/automation\/hooks\//;
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;
const WEBHOOK_TOO_LARGE = { detail: 'The body is larger than 64 KiB', code: 'payload_too_large' };

/** The one port the browser talks to: runtime prefixes are proxied (HTTP and WS), the rest is the SPA. */
export async function startIngress(options: IngressOptions): Promise<StartIngressResult> {
  const answered = new WeakSet<IncomingMessage>();
  const router = createRuntimeRouter({
    runtimes: options.runtimeUrls?.length ? options.runtimeUrls : [options.runtimeUrl],
    askOwner: askOwnerOverHttp(options.sessionKey),
  });
  /** Which runtime each proxied request went to, so a failure or a 421 can be told to the router. */
  const routedTo = new WeakMap<IncomingMessage, string>();
  /** Requests sent again when their runtime turns out to be gone or no longer theirs (proxyAgainIfMoved). */
  const retried = new WeakMap<IncomingMessage, Retry>();
  const proxy = createBackendProxy(options.runtimeUrl, RUNTIME_DOWN, answered, {
    failed(request) {
      const runtime = routedTo.get(request);
      if (runtime) router.runtimeDown(runtime);
    },
    answered(request, status) {
      if (status !== 421) return;
      const id = router.conversationOf(request.url ?? '/');
      if (id) router.forgetConversation(id);
    },
    takeOver: retried,
  });
  const automationProxy = options.automationUrl
    ? createBackendProxy(options.automationUrl, AUTOMATION_DOWN, answered)
    : undefined;
  /** The per-request proxy options: the runtime it goes to (the automation service has one target). */
  const severalRuntimes = (options.runtimeUrls?.length ?? 0) > 1;
  const routeRequest = async (request: IncomingMessage): Promise<httpProxy.ServerOptions> => {
    const runtime = await router.target(request.method ?? 'GET', request.url ?? '/');
    routedTo.set(request, runtime);
    return { ...forward, target: runtime };
  };
  /** One runtime (or the automation service): straight through, as before there were several. */
  const direct = (backend: httpProxy) => backend !== proxy || !severalRuntimes;
  const forward = forwardingOptions();
  const serveSpa = createSpaHandler({ rootDir: options.staticDir });
  const upgradedSockets = new Set<Duplex>();
  let allowedHosts = new Set<string>();

  const server = createServer((request, response) => {
    const refusal = refuse(request, allowedHosts, false, options.allowOrigins);
    if (refusal) return sendText(response, 403, refusal);
    const target = routeFor(request.url ?? '/');
    if (target === 'automation' && !automationProxy) return sendJson(response, 503, NO_AUTOMATIONS);
    const backend = target === 'runtime' ? proxy : target === 'automation' ? automationProxy : undefined;
    if (backend) {
      const limit = bodyLimitFor(request);
      if (exceedsBodyLimit(request, limit)) return refuseTooLarge(request, response, limit);
      if (!direct(backend) && limit.bytes < UPLOAD_BODY_LIMIT_BYTES)
        return void proxyAgainIfMoved(request, response, limit);
      if (request.headers['transfer-encoding'] === undefined) {
        if (direct(backend)) return backend.web(request, response, forward);
        return void routeRequest(request).then((routed) => backend.web(request, response, routed));
      }
      return void proxyStreamedBody(backend, request, response, limit);
    }
    const failed = () => sendText(response, 500, 'Internal Server Error');
    if (routeFor(request.url ?? '/') === 'auth') {
      return void handleAuthRequest(request, response, options.sessionKey).catch(failed);
    }
    if (redeemLoginUrl(request, response, options)) return;
    serveSpa(request, response).catch(failed);
  });

  /**
   * A body without Content-Length (chunked) is read here first, up to the limit: past it the ingress
   * answers 413 itself. Streamed through, the runtime would cut the upload short at the limit and the
   * proxy would hit EPIPE and answer 502, as if the runtime were down.
   */
  async function proxyStreamedBody(
    backend: httpProxy,
    request: IncomingMessage,
    response: ServerResponse,
    limit: BodyLimit,
  ): Promise<void> {
    const body = await readWholeBody(request, response, limit);
    if (body === undefined) return;
    const routed = direct(backend) ? forward : await routeRequest(request);
    backend.web(request, response, { ...routed, buffer: Readable.from([body]) });
  }

  /**
   * With several runtimes, a request can reach one that is gone (killed, not yet restarted: the
   * connection is refused, so it received nothing) or that no longer holds the conversation (421:
   * it refused before doing anything). Either way the request was not carried out, so it is sent
   * once more, to the runtime the router names now, and the browser sees only that answer. The body
   * is read first so that it can be sent twice (the file upload, up to 65 MiB, is streamed as before
   * and not retried). A connection that fails after it was made is not retried: the runtime may have
   * acted on it.
   */
  async function proxyAgainIfMoved(
    request: IncomingMessage,
    response: ServerResponse,
    limit: BodyLimit,
  ): Promise<void> {
    const body = await readWholeBody(request, response, limit);
    if (body === undefined) return;
    const send = async (again: boolean) => {
      const routed = await routeRequest(request);
      if (response.destroyed) return; // the browser left while the router asked around
      retried.set(request, {
        again: again ? () => void send(false) : undefined,
        forget: () => {
          const id = router.conversationOf(request.url ?? '/');
          if (id) router.forgetConversation(id);
        },
      });
      const buffer = Readable.from(body.length > 0 ? [body] : []);
      proxy.web(request, response, { ...routed, buffer, selfHandleResponse: true }, (error) => {
        if (isConnectFailure(error)) router.runtimeDown(routed.target as string);
        const refused = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
        if (refused && again && !response.headersSent) return void send(false);
        answerProxyError(request, response, RUNTIME_DOWN, answered);
      });
    };
    await send(true);
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Without a listener a reset by the browser would crash the launcher.
    socket.on('error', () => socket.destroy());
    const refusal = refuse(request, allowedHosts, true, options.allowOrigins);
    if (refusal) return rejectUpgrade(socket, 403, 'Forbidden', refusal);
    const path = request.url ?? '/';
    if (routeFor(path) !== 'runtime' || !isSocketPath(path))
      return rejectUpgrade(socket, 404, 'Not Found', 'Not Found');
    upgradedSockets.add(socket);
    socket.on('close', () => upgradedSockets.delete(socket));
    if (direct(proxy)) return void proxy.ws(request, socket, head);
    // The target only: the HTTP forwarding options would turn `Connection: Upgrade` into keep-alive.
    void routeRequest(request).then((routed) => {
      if (!socket.destroyed) proxy.ws(request, socket, head, { target: routed.target });
    });
  });
  server.on('clientError', answerClientError);

  const listenError = await listen(server, options.port, options.host);
  if (listenError) return { ok: false, code: listenError };
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  allowedHosts = allowedHostHeaders({ host: options.host, port, public: options.public });

  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      for (const socket of upgradedSockets) socket.destroy();
      proxy.close();
      automationProxy?.close();
    });
  return {
    ok: true,
    ingress: {
      port,
      origins: allowedOrigins(allowedHosts),
      close,
      runtimeDown: (url) => router.runtimeDown(url),
    },
  };
}

/**
 * A proxy to one backend (the runtime or the automation service). changeOrigin: the backend sees its
 * own Host (127.0.0.1:<its port>), the only kind its Host check accepts. The browser's Origin passes
 * through untouched; the runtime accepts it only when it is one of the ingress's origins, which the
 * launcher hands it as AGENT_WORKBENCH_ALLOWED_ORIGINS.
 */
function createBackendProxy(
  target: string,
  downMessage: string,
  answered: WeakSet<IncomingMessage>,
  observer?: {
    failed(request: IncomingMessage): void;
    answered(request: IncomingMessage, status: number): void;
    /** Requests proxied with selfHandleResponse, whose 421 is not passed on while a retry is left. */
    takeOver?: WeakMap<IncomingMessage, Retry>;
  },
): httpProxy {
  const proxy = httpProxy.createProxyServer({ target, changeOrigin: true });
  proxy.on('proxyRes', (backendResponse, request, response) => {
    const retry = observer?.takeOver?.get(request);
    if (retry?.again && backendResponse.statusCode === 421) {
      // Only `conversation_elsewhere` is a refusal before doing anything; a refused append
      // (`not_owner`) may come after the request did part of its work, so it is passed on.
      return void readBodyUpTo(backendResponse, 64 * 1024).then((body) => {
        retry.forget();
        if (codeOf(body) === 'conversation_elsewhere') return retry.again?.();
        answered.add(request);
        const headers = headersToPassOn(request, backendResponse);
        delete headers['transfer-encoding'];
        headers['content-length'] = String(body?.length ?? 0);
        response.writeHead(421, backendResponse.statusMessage, headers);
        response.end(body);
      });
    }
    answered.add(request);
    observer?.answered(request, backendResponse.statusCode ?? 0);
    // An answer cut off halfway must not leave the browser waiting for the rest.
    backendResponse.on('close', () => {
      if (!backendResponse.complete) response.destroy();
    });
    backendResponse.on('end', () => stopForwardingBody(request, backendResponse));
    if (retry) passOn(request, backendResponse, response);
  });
  proxy.on('error', (error, request, responseOrSocket) => {
    if (isConnectFailure(error)) observer?.failed(request);
    answerProxyError(request, responseOrSocket, downMessage, answered);
  });
  return proxy;
}

/**
 * The request's body, read whole to be sent on as one buffer with its length announced; past the
 * limit the answer is 413 (given here) and the result undefined.
 */
async function readWholeBody(
  request: IncomingMessage,
  response: ServerResponse,
  limit: BodyLimit,
): Promise<Buffer | undefined> {
  const body = await readBodyUpTo(request, limit.bytes);
  if (body === undefined) {
    response.setHeader('Connection', 'close');
    sendJson(response, 413, limit.tooLarge);
    return undefined;
  }
  const announced = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'];
  delete request.headers['transfer-encoding'];
  delete request.headers.expect;
  if (announced) request.headers['content-length'] = String(body.length);
  return body;
}

/** The `code` of a JSON error body, if it has one. */
function codeOf(body: Buffer | undefined): unknown {
  try {
    return (JSON.parse(body?.toString('utf8') ?? '') as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}

/** How a request proxied by proxyAgainIfMoved is sent once more (`again` is gone after the retry). */
interface Retry {
  again: (() => void) | undefined;
  /** The 421 said the conversation is served elsewhere: the router asks again. */
  forget(): void;
}

function answerProxyError(
  request: IncomingMessage,
  responseOrSocket: ServerResponse | Socket,
  downMessage: string,
  answered: WeakSet<IncomingMessage>,
): void {
  if (!isServerResponse(responseOrSocket)) return void responseOrSocket.destroy();
  // The backend already answered (say 401 before reading an upload) and then stopped taking the
  // rest of the body: its answer is on its way to the browser, the write error is not news.
  if (answered.has(request)) return;
  sendText(responseOrSocket, 502, downMessage);
}

/**
 * What http-proxy does with an answer when it handles it itself, for the requests it lets us handle
 * (selfHandleResponse): status and headers as the backend sent them, minus the backend's own
 * connection headers (the browser's connection is Node's to manage), then the body as it comes.
 */
function passOn(request: IncomingMessage, backendResponse: IncomingMessage, response: ServerResponse): void {
  const headers = headersToPassOn(request, backendResponse);
  response.writeHead(backendResponse.statusCode ?? 502, backendResponse.statusMessage, headers);
  backendResponse.pipe(response);
}

function headersToPassOn(request: IncomingMessage, backendResponse: IncomingMessage): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...backendResponse.headers };
  delete headers.connection;
  delete headers['keep-alive'];
  if (request.httpVersion === '1.0') delete headers['transfer-encoding'];
  return headers;
}

/**
 * A request Node could not parse: a short answer when the socket can still take one (a URL or headers
 * over Node's 16 KiB limit get 431, so the person learns why), else just close.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = tooLarge ? 'Request URL or headers are too large (over 16 KiB)' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body) + 1}\r\n\r\n${body}\n`,
  );
}

/**
 * How requests go to the runtime: over a pool of kept-alive connections, so a request does not pay
 * for a new TCP connection and the runtime's accept (most of what the ingress added per request).
 * Keep-alive matters for correctness too: http-proxy without an agent sends `Connection: close`, so a
 * runtime that answers before reading the body (401 without the key, 403, 404) closes the connection
 * with the upload still arriving, the kernel resets it, and the browser got a 502 instead of the
 * answer; kept alive, the runtime reads and drops the rest, and stopForwardingBody closes that one
 * connection rather than return it to the pool. An idle pooled connection is not reused after the
 * runtime's keep-alive hint says it will close it (Node's agent honours `Keep-Alive: timeout`), so a
 * request never lands on a socket the runtime is closing.
 */
function forwardingOptions(): httpProxy.ServerOptions {
  const agent = new Agent({ keepAlive: true, scheduling: 'lifo' });
  // The browser's own Connection header is about its hop, not ours.
  return { agent, headers: { connection: 'keep-alive' } };
}

/**
 * The runtime has answered in full while the browser is still sending the body (an answer given
 * before reading it: 401, 403, 404). The runtime does not want the rest, and Node stops passing
 * 'drain' on from a request whose answer has ended, which would stall the pipe and with it the
 * browser's connection. So the rest is read here and dropped (the ingress's own limit, checked
 * before proxying, bounds it), and the runtime's connection is closed: the browser's upload ends
 * normally, its answer is never lost to a reset, and a kept-alive connection serves the next request.
 */
function stopForwardingBody(request: IncomingMessage, runtimeResponse: IncomingMessage): void {
  if (request.complete) return;
  request.unpipe();
  request.resume();
  // Node sets `req` (the proxy's ClientRequest) on every response it parses; the types leave it out.
  (runtimeResponse as IncomingMessage & { req?: ClientRequest }).req?.destroy();
}

interface BodyLimit {
  bytes: number;
  tooLarge: { detail: string; code?: string };
}

/**
 * 1 MiB, except for the file upload and a conversation's messages (exactly their paths, whatever the
 * query), and 64 KiB for a webhook.
 */
function bodyLimitFor(request: IncomingMessage): BodyLimit {
  const path = (request.url ?? '/').split('?', 1)[0];
  if (request.method === 'POST' && path === UPLOAD_PATH) {
    return { bytes: UPLOAD_BODY_LIMIT_BYTES, tooLarge: UPLOAD_TOO_LARGE };
  }
  if (request.method === 'POST' && MESSAGE_PATH.test(path ?? '')) {
    return { bytes: MESSAGE_BODY_LIMIT_BYTES, tooLarge: MESSAGE_TOO_LARGE };
  }
  if (WEBHOOK_PATH.test(path ?? '')) return { bytes: WEBHOOK_BODY_LIMIT_BYTES, tooLarge: WEBHOOK_TOO_LARGE };
  return { bytes: BODY_LIMIT_BYTES, tooLarge: BODY_TOO_LARGE };
}

/**
 * An announced body up to this size is read to its end (and dropped) before the 413 goes out: a client
 * still writing it would otherwise meet a closed connection and report a broken pipe instead of the
 * answer. A larger one is answered at once and its connection closed.
 */
const READ_BEFORE_REFUSAL_BYTES = 8 * 1024 * 1024;

function refuseTooLarge(request: IncomingMessage, response: ServerResponse, limit: BodyLimit): void {
  if (Number(request.headers['content-length']) > READ_BEFORE_REFUSAL_BYTES) {
    response.setHeader('Connection', 'close');
    sendJson(response, 413, limit.tooLarge);
    return;
  }
  request.on('error', () => response.destroy());
  request.on('end', () => sendJson(response, 413, limit.tooLarge));
  request.resume();
}

function exceedsBodyLimit(request: IncomingMessage, limit: BodyLimit): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > limit.bytes;
}

/** Why a request is refused (a short reason for the 403 body), or undefined when it may pass. */
function refuse(
  request: IncomingMessage,
  allowedHosts: ReadonlySet<string>,
  isUpgrade: boolean,
  allowOrigins: readonly string[] = [],
): string | undefined {
  const host = request.headers.host;
  if (!isAllowedHost(host, allowedHosts)) return 'Forbidden: unexpected Host header';
  if (
    needsOriginCheck(request.method, isUpgrade) &&
    !isAllowedOrigin(request.headers.origin, host, allowOrigins)
  ) {
    return 'Forbidden: cross-origin request';
  }
  return undefined;
}

function rejectUpgrade(socket: Duplex, status: number, statusText: string, body: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The backend was not there to take the connection (as opposed to a reset in the middle). */
function isConnectFailure(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT';
}

function isServerResponse(value: ServerResponse | Socket): value is ServerResponse {
  return 'setHeader' in value;
}

/** Resolves with an error code (EADDRINUSE, EACCES, …) instead of throwing: a busy port is expected. */
function listen(
  server: ReturnType<typeof createServer>,
  port: number,
  host: string,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(undefined);
    });
  });
}
