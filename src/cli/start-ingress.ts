import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
  /** The built SPA folder (dist/ui). */
  staticDir: string;
  /** What POST /auth/session checks and the session cookie carries. */
  sessionKey: string;
  /** The one-time token of the printed login URL; undefined with --public (people type the key). */
  loginToken: LoginToken | undefined;
}

export interface Ingress {
  /** The port actually bound. */
  port: number;
  /** The origins of pages this ingress serves (http://<each accepted Host>), for the runtime's Origin check. */
  origins: string[];
  /** Stops accepting, drops open connections (sockets included) and resolves when the server is closed. */
  close(): Promise<void>;
}

export type StartIngressResult = { ok: true; ingress: Ingress } | { ok: false; code: string };

/**
 * CONTRACT §3's body limit, also enforced here for bodies that announce their length: the runtime
 * answers 413 and closes the connection while the upload is still streaming, and the proxy then hits
 * EPIPE before it can read that answer, so the person would see a 502 instead of the 413.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;
const BODY_TOO_LARGE = 'Request body is larger than 1 MiB';

const RUNTIME_DOWN =
  'Agent Workbench runtime is not reachable (it may be restarting). Try again in a moment.';

/** The one port the browser talks to: runtime prefixes are proxied (HTTP and WS), the rest is the SPA. */
export async function startIngress(options: IngressOptions): Promise<StartIngressResult> {
  // changeOrigin: the runtime sees its own Host (127.0.0.1:<runtime port>), the only kind its Host check
  // accepts. The browser's Origin passes through untouched; the runtime accepts it only when it is one
  // of `origins` below, which the launcher hands it as AGENT_WORKBENCH_ALLOWED_ORIGINS.
  const proxy = httpProxy.createProxyServer({ target: options.runtimeUrl, changeOrigin: true });
  const serveSpa = createSpaHandler({ rootDir: options.staticDir });
  const upgradedSockets = new Set<Duplex>();
  let allowedHosts = new Set<string>();

  proxy.on('error', (_error, _request, responseOrSocket) => {
    if (isServerResponse(responseOrSocket)) sendText(responseOrSocket, 502, RUNTIME_DOWN);
    else responseOrSocket.destroy();
  });

  const server = createServer((request, response) => {
    const refusal = refuse(request, allowedHosts, false);
    if (refusal) return sendText(response, 403, refusal);
    if (routeFor(request.url ?? '/') === 'runtime') {
      if (exceedsBodyLimit(request)) return sendJson(response, 413, { detail: BODY_TOO_LARGE });
      if (request.headers['transfer-encoding'] === undefined) return proxy.web(request, response);
      return void proxyStreamedBody(request, response);
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
  async function proxyStreamedBody(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBodyUpTo(request, BODY_LIMIT_BYTES);
    if (body === undefined) {
      response.setHeader('Connection', 'close');
      return sendJson(response, 413, { detail: BODY_TOO_LARGE });
    }
    delete request.headers['transfer-encoding'];
    delete request.headers.expect;
    request.headers['content-length'] = String(body.length);
    proxy.web(request, response, { buffer: Readable.from([body]) });
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Without a listener a reset by the browser would crash the launcher.
    socket.on('error', () => socket.destroy());
    const refusal = refuse(request, allowedHosts, true);
    if (refusal) return rejectUpgrade(socket, 403, 'Forbidden', refusal);
    const path = request.url ?? '/';
    if (routeFor(path) !== 'runtime' || !isSocketPath(path))
      return rejectUpgrade(socket, 404, 'Not Found', 'Not Found');
    upgradedSockets.add(socket);
    socket.on('close', () => upgradedSockets.delete(socket));
    proxy.ws(request, socket, head);
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
    });
  return { ok: true, ingress: { port, origins: allowedOrigins(allowedHosts), close } };
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

function exceedsBodyLimit(request: IncomingMessage): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > BODY_LIMIT_BYTES;
}

/** Why a request is refused (a short reason for the 403 body), or undefined when it may pass. */
function refuse(
  request: IncomingMessage,
  allowedHosts: ReadonlySet<string>,
  isUpgrade: boolean,
): string | undefined {
  const host = request.headers.host;
  if (!isAllowedHost(host, allowedHosts)) return 'Forbidden: unexpected Host header';
  if (needsOriginCheck(request.method, isUpgrade) && !isAllowedOrigin(request.headers.origin, host)) {
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
