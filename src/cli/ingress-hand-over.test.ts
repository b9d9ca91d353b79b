import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HandedConnectionMessage } from '../client/handed-connection';
import type { ConnectionReceiver, Ingress } from './start-ingress';
import { openRawConnection } from './testing/raw-connection';
import { type FakeRuntime, startFakeRuntime } from './testing/start-fake-runtime';
import { startTestIngress } from './testing/start-test-ingress';

/**
 * Which connections the ingress hands to the runtime's process (start-ingress.ts), with a receiver
 * that answers on the socket itself, as the runtime would, and records what it was given.
 */
let tempDir: string;
let runtime: FakeRuntime;
let ingress: Ingress;
let taken: HandedConnectionMessage[];
let accepting: boolean;
/** When set, a taken connection waits here instead of being answered (a process that dies before it gets it). */
let holding: Array<() => void> | undefined;

const HANDED_ANSWER = 'HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\nhanded';
const receiver: ConnectionReceiver = {
  take(socket: Socket, message: HandedConnectionMessage, giveBack: () => void) {
    if (!accepting) return false;
    taken.push(message);
    if (holding) {
      holding.push(giveBack);
      return true;
    }
    socket.end(HANDED_ANSWER);
    return true;
  },
};

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'hand-over-'));
  await mkdir(join(tempDir, 'ui'));
  await writeFile(join(tempDir, 'ui', 'index.html'), '<!doctype html><div id="root"></div>');
  runtime = await startFakeRuntime();
  ingress = await startTestIngress({
    runtimeUrl: runtime.url,
    staticDir: join(tempDir, 'ui'),
    sessionKey: 'k'.repeat(64),
    allowOrigins: ['http://canvas.test:3000'],
    backDoorSocketPath: join(tempDir, 'ingress.sock'),
  });
});

beforeEach(() => {
  taken = [];
  accepting = true;
  holding = undefined;
  ingress.handOverTo(receiver);
});

afterAll(async () => {
  await ingress.close();
  await runtime.close();
  await rm(tempDir, { recursive: true, force: true });
});

function head(method: string, path: string, fields: Record<string, string> = {}): string {
  let text = `${method} ${path} HTTP/1.1\r\nHost: localhost:${ingress.port}\r\n`;
  for (const [name, value] of Object.entries(fields)) text += `${name}: ${value}\r\n`;
  return `${text}\r\n`;
}

describe('handing a connection to the runtime', () => {
  it("hands one whose request is the runtime's, with every byte read, the ingress's rules and address", async () => {
    const connection = await openRawConnection(ingress.port);
    const request = `POST /api/conversations HTTP/1.1\r\nHost: localhost:${ingress.port}\r\nContent-Length: 2\r\n\r\n{}`;
    const answer = await connection.exchange(request);
    expect(answer.body).toBe('handed');
    expect(taken).toHaveLength(1);
    const message = taken[0] as HandedConnectionMessage;
    expect(Buffer.from(message.unread, 'base64').toString('latin1')).toBe(request);
    expect(message.hosts).toContain(`localhost:${ingress.port}`);
    expect(message.allowOrigins).toEqual(['http://canvas.test:3000']);
    expect(message.ingressSocketPath).toBe(join(tempDir, 'ingress.sock'));
    expect(runtime.seen).not.toContain('POST /api/conversations');
  });

  it('hands one whose first request is a page of the SPA too (the runtime sends that back here)', async () => {
    const page = await (await openRawConnection(ingress.port)).exchange(head('GET', '/conversations/x'));
    expect(page.body).toBe('handed');
    expect(taken).toHaveLength(1);
  });

  it('leaves a connection the http.Server path took (a chunked body) there for the rest of its life', async () => {
    const connection = await openRawConnection(ingress.port);
    const chunked = await connection.exchange(
      head('POST', '/api/echo?chunked=1', { 'transfer-encoding': 'chunked' }).replace(/\r\n$/, '') +
        '\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    expect(chunked.status).toBe(200);
    const api = await connection.exchange(head('GET', '/api/echo?after-chunked=1'));
    expect(api.status).toBe(200);
    expect(taken).toHaveLength(0);
    expect(runtime.seen).toEqual(
      expect.arrayContaining(['POST /api/echo?chunked=1', 'GET /api/echo?after-chunked=1']),
    );
  });

  it('keeps what the ingress refuses, and answers it itself', async () => {
    const connection = await openRawConnection(ingress.port);
    const refused = await connection.exchange(
      `GET /api/echo HTTP/1.1\r\nHost: evil.test:${ingress.port}\r\n\r\n`,
    );
    expect(refused.status).toBe(403);
    const crossSite = await (await openRawConnection(ingress.port)).exchange(
      head('POST', '/api/echo', { origin: 'http://evil.test', 'content-length': '0' }),
    );
    expect(crossSite.status).toBe(403);
    expect(taken).toHaveLength(0);
  });

  it('hands a WebSocket handshake on a socket path from an allowed origin, and no other upgrade', async () => {
    const allowed = new WebSocket(`ws://localhost:${ingress.port}/sockets/echo`, {
      headers: { origin: 'http://canvas.test:3000' },
    });
    await new Promise((resolve) => allowed.once('error', resolve));
    expect(taken).toHaveLength(1);
    for (const [path, origin] of [
      ['/sockets/echo', 'http://evil.test'],
      ['/api/echo', `http://localhost:${ingress.port}`],
    ] as const) {
      const refused = new WebSocket(`ws://localhost:${ingress.port}${path}`, { headers: { origin } });
      const status = await new Promise<number>((resolve) =>
        refused.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
      );
      expect({ path, status }).toEqual({ path, status: path === '/api/echo' ? 404 : 403 });
    }
    expect(taken).toHaveLength(1);
  });

  it('serves the connection as before when the process does not take it, or there is none', async () => {
    accepting = false;
    const declined = await (await openRawConnection(ingress.port)).exchange(
      head('GET', '/api/echo?declined=1'),
    );
    expect(declined.status).toBe(200);
    ingress.handOverTo(undefined);
    accepting = true;
    const none = await (await openRawConnection(ingress.port)).exchange(head('GET', '/api/echo?none=1'));
    expect(none.status).toBe(200);
    expect(taken).toHaveLength(0);
    expect(runtime.seen).toEqual(
      expect.arrayContaining(['GET /api/echo?declined=1', 'GET /api/echo?none=1']),
    );
  });

  it('serves a connection given back (the process died before it got it) as if it had never been offered', async () => {
    holding = [];
    const connection = await openRawConnection(ingress.port);
    const answer = connection.exchange(head('GET', '/api/echo?given-back=1'));
    while (holding.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    for (const giveBack of holding) giveBack();
    expect((await answer).status).toBe(200);
    expect(runtime.seen).toContain('GET /api/echo?given-back=1');
  });
});
