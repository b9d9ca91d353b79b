import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import {
  type AddressInfo,
  createServer as createNetServer,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ingress } from './start-ingress';
import { openRawConnection } from './testing/raw-connection';
import { type FakeRuntime, startFakeRuntime } from './testing/start-fake-runtime';
import { startTestIngress } from './testing/start-test-ingress';

const SESSION_KEY = 'k'.repeat(64);
let tempDir: string;
let runtime: FakeRuntime;
let automation: Server;
let ingress: Ingress;
const started: Ingress[] = [];
const servers: Array<Server | NetServer> = [];

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'fast-path-'));
  await mkdir(join(tempDir, 'ui'));
  await writeFile(join(tempDir, 'ui', 'index.html'), '<!doctype html><div id="root"></div>');
  runtime = await startFakeRuntime();
  automation = createHttpServer((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ service: 'automation', url: request.url }));
  });
  const automationPort = await listenOnFreePort(automation);
  ingress = await start(runtime.url, `http://127.0.0.1:${automationPort}`);
});

afterAll(async () => {
  await Promise.all(started.map((each) => each.close()));
  await runtime.close();
  for (const server of [automation, ...servers]) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await rm(tempDir, { recursive: true, force: true });
});

async function start(runtimeUrl: string, automationUrl?: string): Promise<Ingress> {
  const started_ = await startTestIngress({
    runtimeUrl,
    automationUrl,
    staticDir: join(tempDir, 'ui'),
    sessionKey: SESSION_KEY,
  });
  started.push(started_);
  return started_;
}

async function listenOnFreePort(server: Server | NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A kept-alive request as a browser writes it (no Connection field), so the fast path takes it. */
function get(path: string, port = ingress.port, extra = ''): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\n${extra}\r\n`;
}

describe('the fast path', () => {
  it('carries requests one after another on one connection, each to its backend, then hands it over for the SPA', async () => {
    const connection = await openRawConnection(ingress.port);
    const info = await connection.exchange(get('/server_info'));
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toEqual({ title: 'fake', version: '9.9.9' });
    // The http.Server path adds its own Connection field; the fast path passes the backend's head on
    // without one, with only the idle timeout's hint.
    expect(info.headLines.some((line) => /^connection:/i.test(line))).toBe(false);
    expect(info.headLines).toContain('Keep-Alive: timeout=5');

    const other = await connection.exchange(get('/api/automation/automations'));
    expect(JSON.parse(other.body)).toEqual({ service: 'automation', url: '/api/automation/automations' });

    const back = await connection.exchange(get('/api/echo?again=1'));
    expect(JSON.parse(back.body)).toMatchObject({ method: 'GET', url: '/api/echo?again=1' });

    const page = await connection.exchange(get('/'));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    // Handed over, the connection keeps serving the runtime's prefixes.
    expect((await connection.exchange(get('/server_info'))).status).toBe(200);
    connection.socket.destroy();
  });

  it("sends the browser's fields and body with the backend's Host and our kept-alive hop instead of the browser's", async () => {
    const connection = await openRawConnection(ingress.port);
    const body = '{"a":1}';
    const answer = await connection.exchange(
      `POST /api/echo HTTP/1.1\r\nHost: localhost:${ingress.port}\r\nOrigin: http://localhost:${ingress.port}\r\n` +
        `Connection: keep-alive\r\nKeep-Alive: timeout=5\r\nProxy-Connection: keep-alive\r\nX-Custom:  spaced \r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const echo = JSON.parse(answer.body) as { body: string; headers: Record<string, string | undefined> };
    expect(echo.body).toBe(body);
    expect(echo.headers.host).toBe(new URL(runtime.url).host);
    expect(echo.headers.connection).toBe('keep-alive');
    expect(echo.headers['keep-alive']).toBeUndefined();
    expect(echo.headers['proxy-connection']).toBeUndefined();
    expect(echo.headers['x-custom']).toBe('spaced');
    expect(echo.headers.origin).toBe(`http://localhost:${ingress.port}`);
    connection.socket.destroy();
  });

  it('answers two requests written at once in order (pipelined, they are handed over)', async () => {
    const connection = await openRawConnection(ingress.port);
    const first = connection.exchange(get('/api/echo?n=1') + get('/api/echo?n=2'));
    expect(JSON.parse((await first).body)).toMatchObject({ url: '/api/echo?n=1' });
    const second = await connection.exchange('');
    expect(JSON.parse(second.body)).toMatchObject({ url: '/api/echo?n=2' });
    connection.socket.destroy();
  });
});

describe('bytes outside ASCII in heads (obs-text)', () => {
  it('pass both ways as the same bytes, never re-encoded', async () => {
    let received = Buffer.alloc(0);
    const backend = createNetServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        if (received.includes('\r\n\r\n'))
          socket.write(
            Buffer.from('HTTP/1.1 200 OK\r\nX-Name: caf\xe9\r\nContent-Length: 2\r\n\r\nok', 'latin1'),
          );
      });
    });
    servers.push(backend);
    const proxy = await start(`http://127.0.0.1:${await listenOnFreePort(backend)}`);
    const connection = await openRawConnection(proxy.port);
    const answer = await connection.exchange(get('/server_info', proxy.port, 'X-Name: na\xefve\r\n'));
    expect(answer.headLines).toContain('X-Name: caf\xe9');
    expect(received.includes(Buffer.from('X-Name: na\xefve\r\n', 'latin1'))).toBe(true);
    connection.socket.destroy();
  });
});

describe('the fast path refuses request-smuggling shapes with 400 and closes, the runtime seeing nothing', () => {
  const host = () => `Host: localhost:${ingress.port}\r\n`;
  const shapes: Array<[string, () => string]> = [
    [
      'Content-Length and Transfer-Encoding',
      () =>
        `POST /api/echo HTTP/1.1\r\n${host()}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    [
      'Content-Length twice',
      () => `POST /api/echo HTTP/1.1\r\n${host()}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
    ],
    [
      'a Content-Length that is not digits',
      () => `POST /api/echo HTTP/1.1\r\n${host()}Content-Length: +2\r\n\r\nab`,
    ],
    ['a folded header line', () => `GET /api/echo HTTP/1.1\r\n${host()}X-A: 1\r\n Content-Length: 2\r\n\r\n`],
    ['a space before the colon', () => `POST /api/echo HTTP/1.1\r\n${host()}Content-Length : 2\r\n\r\nab`],
    [
      'a bare LF inside the head',
      () => `GET /api/echo HTTP/1.1\r\n${host()}X-A: 1\nContent-Length: 2\r\n\r\nab`,
    ],
    ['a control byte in a value', () => `GET /api/echo HTTP/1.1\r\n${host()}X-A: a\x00b\r\n\r\n`],
    ['two Host fields', () => `GET /api/echo HTTP/1.1\r\n${host()}Host: evil.example\r\n\r\n`],
    ['a malformed request line', () => `GET  /api/echo HTTP/1.1\r\n${host()}\r\n`],
  ];
  it.each(shapes)('%s', async (_name, request) => {
    const before = runtime.seen.length;
    const connection = await openRawConnection(ingress.port);
    connection.socket.write(Buffer.from(request(), 'latin1'));
    const answer = await connection.readUntilClosed();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(runtime.seen.length).toBe(before);
  });

  it('answers 431 to a head over 16 KiB and closes', async () => {
    const connection = await openRawConnection(ingress.port);
    connection.socket.write(get('/api/echo', ingress.port, `X-Big: ${'a'.repeat(17 * 1024)}\r\n`));
    expect(await connection.readUntilClosed()).toMatch(/^HTTP\/1\.1 431 /);
  });
});

describe('a broken connection on either side', () => {
  it('closes the browser connection when the backend dies in the middle of an answer', async () => {
    const dying = createNetServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly ten b');
        setImmediate(() => socket.destroy());
      });
    });
    servers.push(dying);
    const cut = await start(`http://127.0.0.1:${await listenOnFreePort(dying)}`);
    const connection = await openRawConnection(cut.port);
    connection.socket.write(get('/server_info', cut.port));
    const received = await connection.readUntilClosed();
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received.endsWith('only ten b')).toBe(true);
  });

  it('destroys the backend connection when the browser leaves before its answer', async () => {
    let backendSocket: Socket | undefined;
    let arrived: () => void = () => {};
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const silent = createNetServer((socket) => {
      backendSocket = socket;
      socket.once('data', () => arrived());
    });
    servers.push(silent);
    const waiting = await start(`http://127.0.0.1:${await listenOnFreePort(silent)}`);
    const connection = await openRawConnection(waiting.port);
    connection.socket.write(get('/server_info', waiting.port));
    await requestArrived;
    const backendClosed = new Promise<void>((resolve) => backendSocket?.once('close', () => resolve()));
    // A reset, as when a tab closes; a FIN alone only half-closes, and the answer would still be sent.
    connection.socket.resetAndDestroy();
    await backendClosed;
    expect(backendSocket?.destroyed).toBe(true);
  });

  it('opens another backend connection when the backend closed the idle one', async () => {
    let connections = 0;
    const closing = createHttpServer((_request, response) => response.end('ok'));
    closing.on('connection', () => connections++);
    servers.push(closing);
    const proxy = await start(`http://127.0.0.1:${await listenOnFreePort(closing)}`);
    const connection = await openRawConnection(proxy.port);
    expect((await connection.exchange(get('/server_info', proxy.port))).body).toBe('ok');
    closing.closeIdleConnections();
    // The backend's FIN reaches the ingress on its own time, as it would a browser's next request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await connection.exchange(get('/server_info', proxy.port))).body).toBe('ok');
    expect(connections).toBe(2);
    connection.socket.destroy();
  });
});
