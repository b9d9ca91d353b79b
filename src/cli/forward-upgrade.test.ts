import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { Ingress } from './start-ingress';
import { startTestIngress } from './testing/start-test-ingress';

/**
 * The ingress's socket path against a backend whose own end of each socket the test can watch: a
 * socket the ingress drops must not stay open at the runtime (a subscriber that never goes away).
 */
let staticDir: string;
let backend: Server;
let backendSockets: WebSocketServer;
let backendUrl: string;
const ingresses: Ingress[] = [];
const heldUpgrades: Array<() => void> = [];

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'forward-upgrade-test-'));
  backend = createServer((_request, response) => response.end('not a socket'));
  backendSockets = new WebSocketServer({ noServer: true });
  backend.on('upgrade', (request, socket, head) => {
    if (request.url?.startsWith('/sockets/refused')) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nX-Why: no key\r\nContent-Length: 7\r\n\r\nno key!');
      return;
    }
    if (request.url?.startsWith('/sockets/slow')) {
      // Held until the test lets it go: the browser can leave while the backend still decides.
      heldUpgrades.push(() =>
        backendSockets.handleUpgrade(request, socket, head, (client) =>
          backendSockets.emit('connection', client, request),
        ),
      );
      backendSockets.emit('held');
      return;
    }
    backendSockets.handleUpgrade(request, socket, head, (client) => {
      client.on('message', (data, isBinary) => client.send(data, { binary: isBinary }));
      backendSockets.emit('connection', client, request);
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const address = backend.address();
  backendUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterEach(async () => {
  await Promise.all(ingresses.splice(0).map((ingress) => ingress.close()));
});

afterAll(async () => {
  for (const client of backendSockets.clients) client.terminate();
  backendSockets.close();
  await new Promise<void>((resolve) => {
    backend.close(() => resolve());
    backend.closeAllConnections();
  });
  await rm(staticDir, { recursive: true, force: true });
});

async function start(): Promise<Ingress> {
  const ingress = await startTestIngress({ runtimeUrl: backendUrl, staticDir, sessionKey: 'k'.repeat(64) });
  ingresses.push(ingress);
  return ingress;
}

/** A socket through the ingress, and the backend's end of it once both are open. */
async function openPair(ingress: Ingress): Promise<{ browser: WebSocket; runtimeEnd: WebSocket }> {
  const runtimeEnd = new Promise<WebSocket>((resolve) => backendSockets.once('connection', resolve));
  const browser = new WebSocket(`ws://127.0.0.1:${ingress.port}/sockets/session/x`, {
    headers: { host: `localhost:${ingress.port}` },
  });
  await new Promise((resolve, reject) => browser.once('open', resolve).once('error', reject));
  return { browser, runtimeEnd: await runtimeEnd };
}

const closed = (socket: WebSocket) =>
  socket.readyState === WebSocket.CLOSED
    ? Promise.resolve()
    : new Promise<void>((resolve) => socket.once('close', () => resolve()));

describe('WebSocket forwarding', () => {
  it('carries text and binary frames both ways, byte for byte, small and large', async () => {
    const { browser } = await openPair(await start());
    const large = Buffer.alloc(3 * 1024 * 1024, 7);
    const answers: Array<{ data: Buffer; isBinary: boolean }> = [];
    const allBack = new Promise<void>((resolve) =>
      browser.on('message', (data: Buffer, isBinary) => {
        answers.push({ data, isBinary });
        if (answers.length === 3) resolve();
      }),
    );
    browser.send('hello ✓');
    browser.send(Buffer.from([0, 255, 13, 10]));
    browser.send(large);
    await allBack;
    expect(answers[0]).toEqual({ data: Buffer.from('hello ✓'), isBinary: false });
    expect(answers[1]).toEqual({ data: Buffer.from([0, 255, 13, 10]), isBinary: true });
    expect(answers[2]?.data.equals(large)).toBe(true);
    browser.close();
  });

  it('closes the runtime end when the ingress closes, so no socket is left open at the runtime', async () => {
    const ingress = await start();
    const { browser, runtimeEnd } = await openPair(ingress);
    await ingress.close();
    await Promise.all([closed(browser), closed(runtimeEnd)]);
    expect(runtimeEnd.readyState).toBe(WebSocket.CLOSED);
  });

  it('closes the runtime end when the browser vanishes with a reset', async () => {
    const { browser, runtimeEnd } = await openPair(await start());
    (browser as WebSocket & { _socket: { resetAndDestroy(): void } })._socket.resetAndDestroy();
    await closed(runtimeEnd);
    expect(runtimeEnd.readyState).toBe(WebSocket.CLOSED);
  });

  it('closes the browser socket when the runtime closes its end', async () => {
    const { browser, runtimeEnd } = await openPair(await start());
    const code = new Promise<number>((resolve) => browser.once('close', resolve));
    runtimeEnd.close(4001, 'bye');
    expect(await code).toBe(4001);
  });

  it('closes the runtime end of a socket whose browser left before the runtime accepted it', async () => {
    const ingress = await start();
    const held = new Promise((resolve) => backendSockets.once('held', resolve));
    const browser = new WebSocket(`ws://127.0.0.1:${ingress.port}/sockets/slow`, {
      headers: { host: `localhost:${ingress.port}` },
    });
    browser.on('error', () => undefined); // it is terminated before its handshake ends
    await held;
    browser.terminate();
    const runtimeEnd = new Promise<WebSocket>((resolve) => backendSockets.once('connection', resolve));
    heldUpgrades.shift()?.();
    await closed(await runtimeEnd);
  });

  it('passes an upgrade the runtime refuses on to the browser as the runtime sent it', async () => {
    const ingress = await start();
    const answer = await rawExchange(
      ingress.port,
      `GET /sockets/refused HTTP/1.1\r\nHost: localhost:${ingress.port}\r\nConnection: Upgrade\r\n` +
        'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(answer).toContain('X-Why: no key');
    expect(answer.endsWith('no key!')).toBe(true);
  });

  it('never forwards an upgrade that is not a GET for a WebSocket', async () => {
    const ingress = await start();
    let reached = false;
    backend.once('upgrade', () => {
      reached = true;
    });
    const answer = await rawExchange(
      ingress.port,
      `POST /sockets/session/x HTTP/1.1\r\nHost: localhost:${ingress.port}\r\nConnection: Upgrade\r\n` +
        'Upgrade: h2c\r\nContent-Length: 0\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(reached).toBe(false);
  });
});

/** Writes `text` on a fresh connection and resolves with everything read until the server closes it. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
