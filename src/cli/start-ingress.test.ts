import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CONTENT_SECURITY_POLICY } from './spa-security-headers';
import { type Ingress, type IngressOptions, startIngress } from './start-ingress';
import { rawRequest } from './testing/raw-request';
import { multipartBody, slowUpload } from './testing/slow-upload';
import { type FakeRuntime, startFakeRuntime } from './testing/start-fake-runtime';
import { startTestIngress } from './testing/start-test-ingress';

const INDEX_HTML =
  '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
const SESSION_KEY = 'k'.repeat(64);

let tempDir: string;
let staticDir: string;
let upstream: FakeRuntime;
let ingress: Ingress;
const started: Ingress[] = [];

async function start(overrides: Partial<IngressOptions> = {}): Promise<Ingress> {
  const ingress = await startTestIngress({
    runtimeUrl: upstream.url,
    staticDir,
    sessionKey: SESSION_KEY,
    ...overrides,
  });
  started.push(ingress);
  return ingress;
}

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'ingress-test-'));
  staticDir = join(tempDir, 'ui');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), INDEX_HTML);
  await writeFile(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  await writeFile(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(tempDir, 'secret.txt'), 'do not serve');
  upstream = await startFakeRuntime();
  ingress = await start();
});

afterAll(async () => {
  await Promise.all(started.map((each) => each.close()));
  await upstream.close();
  await rm(tempDir, { recursive: true, force: true });
});

function openSocket(port: number, path: string, headers: Record<string, string> = {}) {
  return new WebSocket(`ws://127.0.0.1:${port}${path}`, {
    headers: { host: `localhost:${port}`, ...headers },
  });
}

function firstMessage(socket: WebSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => resolve(data.toString()));
    socket.once('error', reject);
  });
}

function refusedStatus(socket: WebSocket): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve('closed'));
    socket.once('open', () => resolve(-1));
  });
}

describe('proxying to the runtime', () => {
  it('forwards runtime prefixes over HTTP with the query string', async () => {
    const info = await rawRequest(ingress.port, { path: '/server_info' });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toEqual({ title: 'fake', version: '9.9.9' });

    const echo = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo?x=1',
      headers: { origin: `http://localhost:${ingress.port}`, 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(echo.status).toBe(200);
    expect(JSON.parse(echo.body)).toMatchObject({ method: 'POST', url: '/api/echo?x=1', body: '{"a":1}' });
  });

  it('does not send /apix to the runtime', async () => {
    const before = upstream.seen.length;
    const response = await rawRequest(ingress.port, { path: '/apix' });
    expect(response.status).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(upstream.seen.length).toBe(before);
  });

  it('proxies WebSocket upgrades from our own origin', async () => {
    const socket = openSocket(ingress.port, '/sockets/echo', { origin: `http://localhost:${ingress.port}` });
    await new Promise((resolve) => socket.once('open', resolve));
    const reply = firstMessage(socket);
    socket.send('hello');
    expect(await reply).toBe('echo:hello');
    socket.close();
  });

  it('refuses upgrades outside the runtime prefixes with 404', async () => {
    expect(await refusedStatus(openSocket(ingress.port, '/conversations/1'))).toBe(404);
  });

  it('refuses upgrades on runtime paths that are not sockets with 404, without asking the runtime', async () => {
    const before = upstream.seen.length;
    for (const path of ['/api/echo', '/server_info', '/sockets', '/auth/session']) {
      const origin = `http://localhost:${ingress.port}`;
      expect(await refusedStatus(openSocket(ingress.port, path, { origin })), path).toBe(404);
    }
    expect(upstream.seen.length).toBe(before);
  });
});

describe('Host and Origin checks', () => {
  it('answers 403 to a foreign Host header and keeps serving', async () => {
    const evil = await rawRequest(ingress.port, {
      path: '/server_info',
      headers: { host: 'evil.test:8000' },
    });
    expect(evil.status).toBe(403);
    const wrongPort = await rawRequest(ingress.port, { path: '/', headers: { host: 'localhost:1' } });
    expect(wrongPort.status).toBe(403);
    expect((await rawRequest(ingress.port, { path: '/server_info' })).status).toBe(200);
  });

  it('accepts every loopback name with our port', async () => {
    for (const name of ['localhost', '127.0.0.1', '[::1]']) {
      const response = await rawRequest(ingress.port, {
        path: '/',
        headers: { host: `${name}:${ingress.port}` },
      });
      expect(response.status).toBe(200);
    }
  });

  it('refuses a mutating request from another origin but lets reads through', async () => {
    const before = upstream.seen.length;
    const post = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { origin: 'http://evil.test' },
      body: '{}',
    });
    expect(post.status).toBe(403);
    expect(upstream.seen.length).toBe(before);
    const get = await rawRequest(ingress.port, {
      path: '/api/echo',
      headers: { origin: 'http://evil.test' },
    });
    expect(get.status).toBe(200);
  });

  it('refuses a cross-site WebSocket upgrade with 403', async () => {
    const socket = openSocket(ingress.port, '/sockets/echo', { origin: 'http://evil.test' });
    expect(await refusedStatus(socket)).toBe(403);
  });

  it('refuses a WebSocket upgrade with a foreign Host', async () => {
    const socket = openSocket(ingress.port, '/sockets/echo', { host: 'evil.test:8000' });
    expect(await refusedStatus(socket)).toBe(403);
  });

  it('accepts --host as a Host header only when public', async () => {
    const publicIngress = await start({ host: '127.0.0.1', public: true, loginToken: undefined });
    const response = await rawRequest(publicIngress.port, {
      path: '/',
      headers: { host: `127.0.0.1:${publicIngress.port}` },
    });
    expect(response.status).toBe(200);
    expect(response.body).not.toContain(SESSION_KEY);
  });
});

describe('when the runtime is down', () => {
  it('answers 502 with a short text body and closes upgrades', async () => {
    const downstream = await startFakeRuntime();
    const port = downstream.port;
    await downstream.close();
    const orphan = await start({ runtimeUrl: `http://127.0.0.1:${port}` });

    const response = await rawRequest(orphan.port, { path: '/server_info' });
    expect(response.status).toBe(502);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/runtime is not reachable/);
    expect(response.body).not.toMatch(/ECONNREFUSED|at .*\.js/);

    const socket = openSocket(orphan.port, '/sockets/echo');
    expect(await refusedStatus(socket)).toBe('closed');

    // The ingress itself is still healthy.
    expect((await rawRequest(orphan.port, { path: '/' })).status).toBe(200);
  });
});

describe('static SPA', () => {
  it('serves hashed assets as immutable with the right content type', async () => {
    const response = await rawRequest(ingress.port, { path: '/assets/index-abc123.js' });
    expect(response.status).toBe(200);
    expect(response.body).toBe('console.log(1);');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('revalidates unhashed files and answers 304 when unchanged', async () => {
    const first = await rawRequest(ingress.port, { path: '/favicon.svg' });
    expect(first.headers['content-type']).toBe('image/svg+xml');
    expect(first.headers['cache-control']).toBe('no-cache');
    const lastModified = String(first.headers['last-modified']);
    const second = await rawRequest(ingress.port, {
      path: '/favicon.svg',
      headers: { 'if-modified-since': lastModified },
    });
    expect(second.status).toBe(304);
  });

  it('serves index.html as built, with no-cache, on / and client routes: no key, no inline script', async () => {
    for (const path of ['/', '/index.html', '/conversations/123', '/settings?tab=model']) {
      const response = await rawRequest(ingress.port, { path });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
      expect(response.body).not.toContain(SESSION_KEY);
    }
  });

  it('sends the CSP, frame and sniffing headers with every HTML answer', async () => {
    const unbuilt = await start({ staticDir: join(tempDir, 'does-not-exist') });
    const answers = [
      await rawRequest(ingress.port, { path: '/' }),
      await rawRequest(ingress.port, { path: '/conversations/1' }),
      await rawRequest(unbuilt.port, { path: '/' }),
    ];
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers 404 for a missing asset instead of the index', async () => {
    for (const path of ['/assets/gone-123.js', '/assets/gone', '/missing.png', '/deep/path/app.css']) {
      const response = await rawRequest(ingress.port, { path });
      expect(response.status, path).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('never serves files outside the build folder', async () => {
    for (const path of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt']) {
      const response = await rawRequest(ingress.port, { path });
      expect(response.body).not.toContain('do not serve');
    }
  });

  it('answers 405 to writes on SPA paths and 400 to undecodable paths', async () => {
    const post = await rawRequest(ingress.port, { method: 'POST', path: '/conversations/1', body: '' });
    expect(post.status).toBe(405);
    expect((await rawRequest(ingress.port, { path: '/%E0%A4%A' })).status).toBe(400);
  });

  it('says to run npm run build when the SPA is not built', async () => {
    const unbuilt = await start({ staticDir: join(tempDir, 'does-not-exist') });
    const page = await rawRequest(unbuilt.port, { path: '/conversations/1' });
    expect(page.status).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await rawRequest(unbuilt.port, { path: '/assets/x.js' })).status).toBe(404);
  });
});

describe('startIngress', () => {
  it('reports a busy port as a value', async () => {
    const result = await startIngress({
      host: '127.0.0.1',
      port: ingress.port,
      public: false,
      runtimeUrl: upstream.url,
      staticDir,
      sessionKey: SESSION_KEY,
      loginToken: undefined,
    });
    expect(result).toEqual({ ok: false, code: 'EADDRINUSE' });
  });

  it('closes open WebSocket connections on close', async () => {
    const own = await start();
    const socket = openSocket(own.port, '/sockets/echo');
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await own.close();
    await closed;
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });
});

describe('body limit', () => {
  it('answers 413 in the runtime error shape for an announced body over 1 MiB, without proxying it', async () => {
    const before = upstream.seen.length;
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(2 * 1024 * 1024, 'x'),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      detail: 'Request body is larger than 1 MiB',
      code: 'body_too_large',
    });
    expect(upstream.seen.length).toBe(before);
  });

  it('answers 413, not 502, for a streamed (chunked) body over 1 MiB and keeps serving', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(2 * 1024 * 1024, 'x'),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({
      detail: 'Request body is larger than 1 MiB',
      code: 'body_too_large',
    });
    const next = await rawRequest(ingress.port, { path: '/server_info' });
    expect(next.status).toBe(200);
  });

  it('answers 413 to a streamed body over 1 MiB sent with Expect: 100-continue', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'transfer-encoding': 'chunked', expect: '100-continue' },
      body: Buffer.alloc(2 * 1024 * 1024, 'x'),
    });
    expect(response.status).toBe(413);
  });

  it('proxies a streamed body under 1 MiB', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      headers: { 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(512 * 1024, 'x'),
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).body).toHaveLength(512 * 1024);
  });

  it('answers 431 with a short reason to a URL over the header limit instead of resetting', async () => {
    const response = await rawRequest(ingress.port, {
      path: `/api/conversations/search?q=${'q'.repeat(60_000)}`,
    });
    expect(response.status).toBe(431);
    expect(response.body).toMatch(/too large/);
  });

  it('lets a body over 1 MiB through to the file upload only, and answers 413 itself past 65 MiB', async () => {
    const twoMiB = Buffer.alloc(2 * 1024 * 1024, 'x');
    const upload = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/file/upload?path=/tmp/a',
      body: twoMiB,
    });
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body).body).toHaveLength(twoMiB.length);
    const elsewhere = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/file/uploads',
      body: twoMiB,
    });
    expect(elsewhere.status).toBe(413);
    const before = upstream.seen.length;
    const tooLarge = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/file/upload?path=/tmp/a',
      body: Buffer.alloc(65 * 1024 * 1024 + 1, 'x'),
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({
      detail: 'The upload is larger than 64 MiB',
      code: 'upload_too_large',
    });
    expect(upstream.seen.length).toBe(before);
  });

  it('proxies a body of exactly 1 MiB', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo',
      body: Buffer.alloc(1024 * 1024, 'x'),
    });
    expect(response.status).toBe(200);
  });
});

describe('an answer the runtime gives before reading the body', () => {
  const upload = multipartBody(Buffer.alloc(900 * 1024, 'u'));
  const headers = { 'content-type': upload.contentType };
  const ITERATIONS = 30;

  it('reaches a slow multipart upload that asks to close, never a 502 or a broken pipe', async () => {
    const outcomes: string[] = [];
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const result = await slowUpload(ingress.port, { path: '/api/early', body: upload.body, headers });
      outcomes.push(`${result.status} ${result.requestError ?? ''} ${result.body}`.trim());
    }
    expect(outcomes).toEqual(Array(ITERATIONS).fill('401  {"detail":"Unauthorized"}'));
  });

  it('reaches a slow multipart upload on a kept-alive connection, which then serves the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const outcomes: string[] = [];
      for (let iteration = 0; iteration < ITERATIONS; iteration++) {
        const result = await slowUpload(ingress.port, {
          path: '/api/early',
          body: upload.body,
          headers,
          agent,
        });
        outcomes.push(`${result.status} ${result.requestError ?? ''}`.trim());
      }
      const next = await new Promise<number | undefined>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port: ingress.port,
            path: '/server_info',
            agent,
            headers: { host: `localhost:${ingress.port}` },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode));
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(outcomes).toEqual(Array(ITERATIONS).fill('401'));
      expect(next).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('reaches fetch with a FormData upload, as the upstream client sends it', async () => {
    const statuses: string[] = [];
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(900 * 1024, 'f')]), 'upload.bin');
      const response = await fetch(`http://127.0.0.1:${ingress.port}/api/early?path=/tmp/x`, {
        method: 'POST',
        body: form,
      });
      statuses.push(`${response.status} ${await response.text()}`);
    }
    expect(statuses).toEqual(Array(ITERATIONS).fill('401 {"detail":"Unauthorized"}'));
  });
});
