import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  createTestServer,
  TEST_INGRESS_ORIGIN,
  TEST_SESSION_KEY,
  type TestServer,
} from '../testing/create-test-server';

// The runtime's own port, over real HTTP (inject() has no Host to check).
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await createTestServer();
  port = Number(new URL(await server.listen()).port);
});
afterAll(() => server.close());

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent: false,
          headers: { host: `127.0.0.1:${port}`, ...headers },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    },
  );
}

/** The HTTP status of a refused upgrade, or 101 when the server switched protocols. */
function upgradeStatus(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
      headers: { 'X-Session-API-Key': TEST_SESSION_KEY, ...headers },
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('upgrade', () => {
      resolve(101);
      socket.terminate();
    });
    socket.once('error', () => resolve(0));
  });
}

describe('the runtime port', () => {
  it('answers its own Host under every loopback name', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await get('/server_info', { host })).status, host).toBe(200);
    }
  });

  it('refuses any other Host with 403 before auth or routing', async () => {
    for (const host of ['evil.test', `evil.test:${port}`, 'localhost:8000', `127.0.0.1:${port + 1}`]) {
      const response = await get('/api/settings', { host, 'x-session-api-key': TEST_SESSION_KEY });
      expect(response.status, host).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ detail: 'Forbidden: unexpected Host header' });
    }
  });

  it('accepts the ingress Origin and refuses any other present Origin with 403', async () => {
    const auth = { 'x-session-api-key': TEST_SESSION_KEY };
    expect((await get('/api/settings', { ...auth, origin: TEST_INGRESS_ORIGIN })).status).toBe(200);
    expect((await get('/api/settings', auth)).status).toBe(200);
    for (const origin of ['http://evil.test', `http://127.0.0.1:${port}`, 'http://localhost:8000', 'null']) {
      const response = await get('/api/settings', { ...auth, origin });
      expect(response.status, origin).toBe(403);
    }
    expect((await get('/server_info', { origin: 'http://evil.test' })).status).toBe(403);
  });

  it('accepts the awb_session cookie in place of the header on /api', async () => {
    expect((await get('/api/settings', { cookie: `awb_session=${TEST_SESSION_KEY}` })).status).toBe(200);
    expect((await get('/api/settings', { cookie: 'awb_session=wrong' })).status).toBe(401);
    expect((await get('/api/settings', { cookie: `other=${TEST_SESSION_KEY}` })).status).toBe(401);
  });

  it('marks JSON answers nosniff', async () => {
    const response = await get('/server_info');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/api/settings')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers upgrades outside /sockets/ with 404, never 101', async () => {
    for (const path of ['/server_info', '/api/settings', '/openapi.json', '/alive', '/nowhere', '/sockets']) {
      expect(await upgradeStatus(path), path).toBe(404);
    }
  });

  it('refuses a socket upgrade from a foreign Host or Origin with 403', async () => {
    const path = '/sockets/session/00000000-0000-4000-8000-000000000000';
    expect(await upgradeStatus(path, { host: 'evil.test' })).toBe(403);
    expect(await upgradeStatus(path, { origin: 'http://evil.test' })).toBe(403);
    expect(await upgradeStatus(path, { origin: TEST_INGRESS_ORIGIN })).toBe(101);
  });
});

describe('CORS for an allowed front end on another origin', () => {
  const canvas = TEST_INGRESS_ORIGIN;

  it("answers the allowed origin's preflight with 204 before the key check, naming it", async () => {
    const preflight = await get(
      '/api/conversations',
      {
        origin: canvas,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-session-api-key',
      },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(canvas);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type,x-session-api-key');
    const answer = await get('/api/settings', { origin: canvas, 'x-session-api-key': TEST_SESSION_KEY });
    expect(answer.headers['access-control-allow-origin']).toBe(canvas);
  });

  it('grants nothing to another origin: no preflight, no CORS header, 403', async () => {
    for (const origin of ['http://evil.test', 'https://127.0.0.1:8000', 'null']) {
      const preflight = await get(
        '/api/conversations',
        { origin, 'access-control-request-method': 'POST' },
        'OPTIONS',
      );
      expect(preflight.status, origin).toBe(403);
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    // No Origin at all: a script, never a browser's cross-origin call, so no CORS header either.
    expect((await get('/server_info')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
