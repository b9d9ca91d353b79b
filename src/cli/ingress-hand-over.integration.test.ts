import { readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openRawConnection, type RawConnection } from './testing/raw-connection';
import { unixSocketLines } from './testing/unix-socket-lines';
import { startTestWorkbench, type TestWorkbench } from './testing/start-test-workbench';

/**
 * The launcher hands a browser connection whose first request is the runtime's to the runtime's own
 * process (start-ingress.ts, handed-connections.ts): these tests tell it by freezing the launcher.
 */
let workbench: TestWorkbench;
let port: number;
let host: string;

beforeAll(async () => {
  workbench = await startTestWorkbench();
  port = Number(new URL(workbench.url).port);
  host = `localhost:${port}`;
}, 60_000);

afterAll(async () => {
  await workbench?.cleanup();
});

/** One request's bytes, kept-alive, with the session key unless `headers` says otherwise. */
function requestText(method: string, path: string, headers: Record<string, string> = {}, body = ''): string {
  const fields = { host, 'x-session-api-key': workbench.sessionKey, ...headers };
  let text = `${method} ${path} HTTP/1.1\r\n`;
  for (const [name, value] of Object.entries(fields)) text += `${name}: ${value}\r\n`;
  if (body !== '') text += `content-length: ${Buffer.byteLength(body)}\r\n`;
  return `${text}\r\n${body}`;
}

/** Runs `during` with the launcher stopped (SIGSTOP): only the runtime's process can answer then. */
async function withLauncherFrozen<T>(during: () => Promise<T>): Promise<T> {
  process.kill(workbench.launcher.pid as number, 'SIGSTOP');
  try {
    return await during();
  } finally {
    process.kill(workbench.launcher.pid as number, 'SIGCONT');
  }
}

/** `answer`, or a rejection after `ms`: a frozen launcher never answers. */
function within<T>(answer: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    answer,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);
}

describe('a connection handed to the runtime', () => {
  let connection: RawConnection;

  beforeAll(async () => {
    connection = await openRawConnection(port);
    const first = await connection.exchange(requestText('GET', '/api/conversations/search?limit=1'));
    expect(first.status).toBe(200);
  });

  afterAll(() => connection?.socket.destroy());

  it('is served by the runtime itself once handed: its next requests need no launcher', async () => {
    const answers = await withLauncherFrozen(() =>
      within(
        (async () => [
          await connection.exchange(requestText('GET', '/api/conversations/search?limit=1')),
          await connection.exchange(requestText('GET', '/server_info')),
        ])(),
        5_000,
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(JSON.parse(answers[0]?.body ?? '')).toHaveProperty('items');
  });

  it("is a page load's connection too: the page from the ingress, then the API with no launcher", async () => {
    const page = await openRawConnection(port);
    try {
      const index = await page.exchange(requestText('GET', '/'));
      expect(index.status).toBe(200);
      const api = await withLauncherFrozen(() =>
        within(page.exchange(requestText('GET', '/api/conversations/search?limit=1')), 5_000),
      );
      expect(api.status).toBe(200);
    } finally {
      page.socket.destroy();
    }
  });

  it("answers a request that is not the runtime's as the ingress does (through it)", async () => {
    const fresh = await openRawConnection(port);
    try {
      for (const [method, path] of [
        ['GET', '/'],
        ['GET', '/settings?x=1'],
        ['POST', '/auth/session'],
        ['GET', '/api/automation/automations'],
      ] as const) {
        const headers: Record<string, string> =
          method === 'POST' ? { origin: `http://${host}`, 'content-type': 'application/json' } : {};
        const body = method === 'POST' ? '{"key":"not it"}' : '';
        const there = await fresh.exchange(requestText(method, path, headers, body));
        const handed = await connection.exchange(requestText(method, path, headers, body));
        expect({ path, status: handed.status, body: handed.body }).toEqual({
          path,
          status: there.status,
          body: there.body,
        });
      }
    } finally {
      fresh.socket.destroy();
    }
    // Each went back on a connection of its own, closed with its answer: none is kept that the ingress
    // could be closing as the next is written. Only the listening socket is left.
    const ingressSocket = join(workbench.dataDir, 'sockets', 'ingress.sock');
    await vi.waitFor(() => expect(unixSocketLines(ingressSocket)).toBe(1), { timeout: 2_000 });
  });

  it('sends a login back to the ingress many times over without one failing', async () => {
    // The ingress answers a login as soon as it has read the body: a connection that asked to be
    // closed after it was then gone before the runtime had ended its side of the request (EPIPE, a
    // 502 for about one login in eight under load; the key screen said "did not answer" in CI).
    const headers = { origin: `http://${host}`, 'content-type': 'application/json' };
    const logins = await Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        const own = await openRawConnection(port);
        try {
          await own.exchange(requestText('GET', '/server_info'));
          const statuses: number[] = [];
          for (let index = 0; index < 60; index++) {
            const key = (index + lane) % 2 === 0 ? workbench.sessionKey : 'not it';
            const body = JSON.stringify({ key });
            statuses.push((await own.exchange(requestText('POST', '/auth/session', headers, body))).status);
          }
          // Answered by the ingress without reading the body: the connection still serves the next.
          const plain = { ...headers, 'content-type': 'text/plain' };
          const refused = await own.exchange(
            requestText('POST', '/auth/session', plain, 'x'.repeat(200_000)),
          );
          expect(refused.status).toBe(415);
          expect((await own.exchange(requestText('GET', '/server_info'))).status).toBe(200);
          return statuses;
        } finally {
          own.socket.destroy();
        }
      }),
    );
    const counts = new Map<number, number>();
    for (const status of logins.flat()) counts.set(status, (counts.get(status) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ 204: 120, 401: 120 });
  });

  it('refuses a login body over its limit with a 413, and the connection serves the next request', async () => {
    const own = await openRawConnection(port);
    try {
      await own.exchange(requestText('GET', '/server_info'));
      const headers = { origin: `http://${host}`, 'content-type': 'application/json' };
      for (let attempt = 0; attempt < 20; attempt++) {
        // Over the login's 4 KiB: the ingress reads it to its end before the 413 (it answered at once
        // and closed, and the runtime, still writing it, answered 502).
        const tooLarge = await own.exchange(
          requestText('POST', '/auth/session', headers, 'x'.repeat(200_000)),
        );
        expect(tooLarge.status).toBe(413);
      }
      expect((await own.exchange(requestText('GET', '/server_info'))).status).toBe(200);
    } finally {
      own.socket.destroy();
    }
  });

  it("holds each request to the ingress's Host and Origin checks", async () => {
    const wrongHost = await connection.exchange(
      requestText('GET', '/api/conversations/search', { host: 'evil.example:80' }),
    );
    expect(wrongHost.status).toBe(403);
    expect(wrongHost.body).toBe('Forbidden: unexpected Host header\n');
    const again = await openRawConnection(port);
    try {
      await again.exchange(requestText('GET', '/api/conversations/search?limit=1'));
      const crossSite = await again.exchange(
        requestText(
          'POST',
          '/api/conversations',
          { origin: 'http://evil.example', 'content-type': 'application/json' },
          '{}',
        ),
      );
      expect(crossSite.status).toBe(403);
      expect(crossSite.body).toBe('Forbidden: cross-origin request\n');
    } finally {
      again.socket.destroy();
    }
  });
});

describe('a WebSocket handed to the runtime', () => {
  it('carries its frames with the launcher frozen', async () => {
    const created = await fetch(`${workbench.url}/api/conversations`, {
      method: 'POST',
      headers: { 'x-session-api-key': workbench.sessionKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const socket = new WebSocket(`ws://${host}/sockets/session/${id}?after_seq=-1`, {
      headers: { origin: `http://${host}` },
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      const frame = await withLauncherFrozen(
        () =>
          new Promise<string>((resolve, reject) => {
            socket.once('message', (data) => resolve(String(data)));
            socket.send(JSON.stringify({ type: 'auth', session_api_key: workbench.sessionKey }));
            setTimeout(() => reject(new Error('no frame with the launcher frozen')), 5_000);
          }),
      );
      expect(JSON.parse(frame)).toMatchObject({ type: 'sync', through_seq: 0 });
    } finally {
      socket.close();
    }
  });
});

describe("the runtime's channel to the launcher", () => {
  it('is close-on-exec: nothing the runtime starts inherits it', () => {
    const pid = workbench.runtimePid() as number;
    // Node's child end of the IPC channel is fd 3 (NODE_CHANNEL_FD), a Unix socket.
    expect(readlinkSync(`/proc/${pid}/fd/3`)).toMatch(/^socket:/);
    const flags = /^flags:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/fdinfo/3`, 'utf8'))?.[1] ?? '0';
    const O_CLOEXEC = 0o2000000;
    expect(Number.parseInt(flags, 8) & O_CLOEXEC).toBe(O_CLOEXEC);
  });
});
