import { beforeAll, describe, expect, it } from 'vitest';
import type { Ingress, IngressOptions } from './start-ingress';
import { openSocket, refusedStatus, SESSION_KEY, setUpIngressTestbed } from './testing/ingress-testbed';
import { rawRequest } from './testing/raw-request';
import type { FakeRuntime } from './testing/start-fake-runtime';

let ingress: Ingress;
let upstream: FakeRuntime;
const bed = setUpIngressTestbed();
const start = (overrides: Partial<IngressOptions> = {}) => bed.start(overrides);

beforeAll(() => {
  ({ ingress, upstream } = bed);
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
