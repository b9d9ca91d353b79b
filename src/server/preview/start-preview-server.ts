import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SandboxPreview } from '../../runtime/network/sandbox-preview';
import { previewRequestHeaders } from './preview-request-headers';
import { sendPreviewRefusal } from './preview-refusal-page';
import type { PreviewSite, PreviewTarget } from './preview-site';

export interface PreviewServerDeps {
  site: PreviewSite;
  /** The preview of a conversation whose sandbox runs now; undefined when none does. Never loads one. */
  previewOf(conversationId: string): SandboxPreview | undefined;
  /** Loopback only: the preview origin is for the person at this machine. */
  host: string;
}

export interface PreviewServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The preview origin: a plain HTTP server apart from the workbench (its own port, no session key, no
 * API, no workbench cookie) that forwards each request and WebSocket upgrade to the port its Host
 * names in that conversation's sandbox, through the sandbox's preview bridge. What the app answers is
 * passed back untouched; a preview that cannot be reached is a short page at once, never a hang.
 */
export async function startPreviewServer(deps: PreviewServerDeps): Promise<PreviewServer> {
  const server = http.createServer((request, response) => {
    void forwardRequest(deps, request, response);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void forwardUpgrade(deps, request, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.site.port, deps.host, () => resolve());
  });
  return {
    port: deps.site.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The sandbox connection for a request, or the refusal already sent. */
async function open(
  deps: PreviewServerDeps,
  host: string | undefined,
): Promise<{ target: PreviewTarget; connection: Duplex } | { status: number; reason: string }> {
  const target = deps.site.targetOf(host);
  if (target === undefined) return { status: 404, reason: 'This address names no preview' };
  const preview = deps.previewOf(target.conversationId);
  if (preview === undefined)
    return { status: 502, reason: "This conversation's sandbox is not running (nothing has run in it yet)" };
  const connection = await preview.connect(target.port);
  if (typeof connection === 'string') return { status: 502, reason: capitalized(connection) };
  return { target, connection };
}

async function forwardRequest(
  deps: PreviewServerDeps,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const opened = await open(deps, request.headers.host);
  if ('status' in opened) return sendPreviewRefusal(response, opened.status, opened.reason);
  const { target, connection } = opened;
  const upstream = http.request({
    createConnection: () => connection as never,
    method: request.method,
    path: request.url,
    headers: previewRequestHeaders(request.headers, target.port),
  });
  // The bridge handed the connection over paused (its first bytes may wait in it): flow once HTTP reads it.
  upstream.on('socket', () => connection.resume());
  upstream.on('response', (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
    answer.pipe(response);
  });
  upstream.on('error', () => {
    if (!response.headersSent)
      return sendPreviewRefusal(response, 502, `The app on port ${target.port} closed the connection`);
    response.destroy();
  });
  response.on('close', () => connection.destroy());
  request.pipe(upstream);
}

async function forwardUpgrade(
  deps: PreviewServerDeps,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): Promise<void> {
  socket.on('error', () => socket.destroy());
  const opened = await open(deps, request.headers.host);
  if ('status' in opened) {
    socket.end(
      `HTTP/1.1 ${opened.status} Preview unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    return;
  }
  const { target, connection } = opened;
  const headers = previewRequestHeaders(request.headers, target.port);
  const lines = Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => `${name}: ${String(one)}`),
  );
  // The upgrade's own hop-by-hop headers are the point of the request: they go through as sent.
  lines.push(
    `Connection: ${request.headers.connection ?? 'Upgrade'}`,
    `Upgrade: ${request.headers.upgrade ?? ''}`,
  );
  connection.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  if (head.length > 0) connection.write(head);
  connection.on('error', () => socket.destroy());
  connection.on('close', () => socket.destroy());
  socket.on('close', () => connection.destroy());
  connection.pipe(socket);
  socket.pipe(connection);
  connection.resume();
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
