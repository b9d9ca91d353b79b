import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { HANDED_CONNECTION, type HandedConnectionMessage } from '../client/handed-connection';
import { listenOnUnixSocket, type UnixSocketListener } from '../client/listen-on-unix-socket';
import { type FastPathBackends, fastPathBackend, handsOverToRuntime } from './fast-path-backend';
import type { RequestHead } from './parse-request-head';
import { serveFastPathConnection } from './fast-path-connection';
import { type Backend, createBackend } from './forward-request';
import { forwardUpgrade } from './forward-upgrade';
import { AUTOMATION_DOWN, createIngressForwarder, isConnectFailure, RUNTIME_DOWN } from './ingress-forwarder';
import { handleAuthRequest } from './handle-auth-request';
import {
  allowedHostHeaders,
  allowedOrigins,
  isAllowedHost,
  isAllowedOrigin,
  needsOriginCheck,
} from '../client/ingress-guards';
import { isSocketPath, routeFor } from '../client/ingress-route';
import { askOwnerOverHttp, createRuntimeRouter } from './runtime-router';
import type { LoginToken } from './login-token';
import {
  bodyLimitFor,
  exceedsBodyLimit,
  refuseTooLarge,
  UPLOAD_BODY_LIMIT_BYTES,
} from './ingress-body-limit';
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
   * The Unix socket the one runtime also listens on (runtime-socket-path.ts): the ingress reaches it
   * there, for REST and upgrades alike. Ignored with several runtimes, which are reached over TCP.
   */
  runtimeSocketPath?: string | undefined;
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
  /**
   * The ingress's door for the runtime (ingressSocketPath, in the data dir): what a connection handed
   * to the runtime carries that is not the runtime's comes back there, to the http.Server path. Absent:
   * no connection is handed over.
   */
  backDoorSocketPath?: string | undefined;
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
  /**
   * The one runtime's process that takes browser connections from now on (undefined: none, e.g. while
   * it restarts). A connection whose first request is the runtime's is handed to it and served there.
   */
  handOverTo(receiver: ConnectionReceiver | undefined): void;
}

/** A process that can take a browser connection (spawn-runtime.ts's `take`). */
export interface ConnectionReceiver {
  take(socket: Socket, message: HandedConnectionMessage, giveBack: () => void): boolean;
}

export type StartIngressResult =
  | { ok: true; ingress: Ingress }
  /** `code` is the listen error's (EADDRINUSE, …); `message` says what else failed, in words. */
  | { ok: false; code: string; message?: string };

export {
  BODY_LIMIT_BYTES,
  MESSAGE_BODY_LIMIT_BYTES,
  UPLOAD_BODY_LIMIT_BYTES,
  UPLOAD_PATH,
  WEBHOOK_BODY_LIMIT_BYTES,
} from './ingress-body-limit';

const NO_AUTOMATIONS = {
  detail: 'Automations run only when the launcher starts the runtime itself (not with --runtime-url)',
  code: 'automations_unavailable',
};
/** The one port the browser talks to: runtime prefixes are proxied (HTTP and WS), the rest is the SPA. */
export async function startIngress(options: IngressOptions): Promise<StartIngressResult> {
  const runtimeUrls = options.runtimeUrls?.length ? options.runtimeUrls : [options.runtimeUrl];
  const router = createRuntimeRouter({
    runtimes: runtimeUrls,
    askOwner: askOwnerOverHttp(options.sessionKey),
  });
  const backends = new Map<string, Backend>();
  /** The backend of a runtime URL the router names (always one of runtimeUrls), made once. */
  const socketPath = runtimeUrls.length === 1 ? options.runtimeSocketPath : undefined;
  const backendOf = (url: string): Backend => {
    const known = backends.get(url);
    if (known) return known;
    const backend = createBackend(url, url === options.runtimeUrl ? socketPath : undefined);
    backends.set(url, backend);
    return backend;
  };
  const firstRuntime = backendOf(options.runtimeUrl);
  const automation = options.automationUrl ? createBackend(options.automationUrl) : undefined;
  /** With one runtime, a request goes straight through, as before there were several. */
  const severalRuntimes = runtimeUrls.length > 1;
  const routeRequest = async (request: IncomingMessage): Promise<Backend> =>
    backendOf(await router.target(request.method ?? 'GET', request.url ?? '/'));
  const serveSpa = createSpaHandler({ rootDir: options.staticDir });
  const { send, sendStreamedBody, sendAgainIfMoved } = createIngressForwarder({
    router,
    automation,
    routeRequest,
  });
  const upgradedSockets = new Set<Duplex>();
  let allowedHosts = new Set<string>();

  const server = createServer((request, response) => {
    const refusal = refuse(request, allowedHosts, false, options.allowOrigins);
    if (refusal) return sendText(response, 403, refusal, request);
    const target = routeFor(request.url ?? '/');
    if (target === 'automation' && !automation) return sendJson(response, 503, NO_AUTOMATIONS, request);
    const backend = target === 'runtime' ? firstRuntime : target === 'automation' ? automation : undefined;
    if (backend) {
      const limit = bodyLimitFor(request);
      if (exceedsBodyLimit(request, limit)) return refuseTooLarge(request, response, limit);
      const routed = target === 'runtime' && severalRuntimes;
      if (routed && limit.bytes < UPLOAD_BODY_LIMIT_BYTES)
        return void sendAgainIfMoved(request, response, limit);
      if (request.headers['transfer-encoding'] === undefined) {
        if (!routed) return send(backend, request, response);
        return void routeRequest(request).then((runtime) => send(runtime, request, response));
      }
      return void sendStreamedBody(routed ? undefined : backend, request, response, limit);
    }
    const failed = () => sendText(response, 500, 'Internal Server Error');
    if (target === 'auth') return void handleAuthRequest(request, response, options.sessionKey).catch(failed);
    if (redeemLoginUrl(request, response, options)) return;
    serveSpa(request, response).catch(failed);
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Without a listener a reset by the browser would crash the launcher.
    socket.on('error', () => socket.destroy());
    const refusal = refuse(request, allowedHosts, true, options.allowOrigins);
    if (refusal) return rejectUpgrade(socket, 403, 'Forbidden', refusal);
    const path = request.url ?? '/';
    if (routeFor(path) !== 'runtime' || !isSocketPath(path))
      return rejectUpgrade(socket, 404, 'Not Found', 'Not Found');
    // Only a WebSocket handshake becomes a raw pipe: no other protocol (h2c, a POST) reaches the runtime.
    if (request.method !== 'GET' || request.headers.upgrade?.toLowerCase() !== 'websocket')
      return rejectUpgrade(socket, 400, 'Bad Request', 'Only WebSocket upgrades are accepted');
    upgradedSockets.add(socket);
    socket.on('close', () => upgradedSockets.delete(socket));
    const upgradeTo = (runtime: Backend) =>
      forwardUpgrade(runtime, request, socket, head, (error) => {
        if (isConnectFailure(error)) router.runtimeDown(runtime.url);
      });
    if (!severalRuntimes) return upgradeTo(firstRuntime);
    void routeRequest(request).then((runtime) => {
      if (!socket.destroyed) upgradeTo(runtime);
    });
  });
  server.on('clientError', answerClientError);

  // The port is a plain TCP server: each connection starts on the fast path (fast-path-connection.ts),
  // which hands it to the http.Server above for whatever it does not carry itself.
  const connections = new Set<Socket>();
  const fastPathBackends = (): FastPathBackends => ({
    runtime: severalRuntimes ? undefined : firstRuntime,
    automation,
    allowedHosts,
    allowOrigins: options.allowOrigins ?? [],
  });
  const handOver = createHandOver({
    backDoorSocketPath: options.backDoorSocketPath,
    backends: fastPathBackends,
    keep: (socket, unread) => fastPath.handOff(socket, unread),
  });
  const fastPath = {
    backendFor: (head: RequestHead) => fastPathBackend(head, fastPathBackends()),
    handOff(socket: Socket, unread: Buffer) {
      if (unread.length > 0) socket.unshift(unread);
      server.emit('connection', socket);
      socket.resume();
    },
    receiverFor: handOver.receiverFor,
    unreachable(backend: Backend, error: Error) {
      const isRuntime = backend !== automation;
      if (isRuntime && isConnectFailure(error)) router.runtimeDown(backend.url);
      return { status: 502, body: isRuntime ? RUNTIME_DOWN : AUTOMATION_DOWN };
    },
  };
  const listener = createNetServer({ allowHalfOpen: true, noDelay: true }, (socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    serveFastPathConnection(socket, fastPath);
  });
  const listenError = await listen(listener, options.port, options.host);
  if (listenError) return { ok: false, code: listenError };
  // Node starts the http.Server's connection tracking (its header and request timeouts) on 'listening';
  // it never listens itself, as its connections come from the listener.
  server.emit('listening');
  const address = listener.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  allowedHosts = allowedHostHeaders({ host: options.host, port, public: options.public });
  const backDoor = await openBackDoor(server, options.backDoorSocketPath);
  if (!backDoor.ok) {
    listener.close();
    return { ok: false, code: 'back_door', message: backDoor.message };
  }

  const close = () =>
    new Promise<void>((resolve) => {
      listener.close(() => resolve());
      backDoor.listener?.close();
      server.close();
      server.closeAllConnections();
      for (const socket of connections) socket.destroy();
      for (const socket of upgradedSockets) socket.destroy();
      for (const backend of backends.values()) backend.agent.destroy();
      automation?.agent.destroy();
    });
  return {
    ok: true,
    ingress: {
      port,
      origins: allowedOrigins(allowedHosts),
      close,
      runtimeDown: (url) => router.runtimeDown(url),
      handOverTo: handOver.to,
    },
  };
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

/**
 * What the fast path hands to the one runtime's process: a connection whose request passes
 * handsOverToRuntime, while a process takes them (`to`) and the ingress has its back door. A process
 * that will not take it (it is going) leaves it to `keep`.
 */
function createHandOver(deps: {
  backDoorSocketPath: string | undefined;
  backends: () => FastPathBackends;
  keep: (socket: Socket, unread: Buffer) => void;
}) {
  let receiver: ConnectionReceiver | undefined;
  return {
    to(next: ConnectionReceiver | undefined) {
      receiver = next;
    },
    receiverFor(head: RequestHead) {
      const taker = receiver;
      const backDoor = deps.backDoorSocketPath;
      const backends = deps.backends();
      if (taker === undefined || backDoor === undefined || !handsOverToRuntime(head, backends))
        return undefined;
      return (socket: Socket, unread: Buffer) => {
        const message: HandedConnectionMessage = {
          kind: HANDED_CONNECTION,
          unread: unread.toString('base64'),
          hosts: [...backends.allowedHosts],
          allowOrigins: [...backends.allowOrigins],
          ingressSocketPath: backDoor,
        };
        // The process is going (now, or before it got the connection): the connection stays here,
        // served as if it had never been offered.
        const keep = () => deps.keep(socket, unread);
        if (!taker.take(socket, message, keep)) keep();
      };
    },
  };
}

/**
 * The ingress's door for the runtime, if it has one: its connections go straight to the http.Server,
 * so nothing that comes back from the runtime is handed to it again.
 */
async function openBackDoor(
  server: ReturnType<typeof createServer>,
  path: string | undefined,
): Promise<{ ok: true; listener: UnixSocketListener | undefined } | { ok: false; message: string }> {
  if (path === undefined) return { ok: true, listener: undefined };
  try {
    return { ok: true, listener: await listenOnUnixSocket(server, path) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `cannot open the ingress's socket: ${why}` };
  }
}

/** Resolves with an error code (EADDRINUSE, EACCES, …) instead of throwing: a busy port is expected. */
function listen(server: NetServer, port: number, host: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(undefined);
    });
  });
}
