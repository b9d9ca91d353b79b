import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Ingress, type IngressOptions, startIngress } from './start-ingress';
import { rawRequest } from './testing/raw-request';
import {
  firstMessage,
  openSocket,
  refusedStatus,
  SESSION_KEY,
  setUpIngressTestbed,
} from './testing/ingress-testbed';
import { type FakeRuntime, startFakeRuntime } from './testing/start-fake-runtime';

let ingress: Ingress;
let upstream: FakeRuntime;
let staticDir: string;
const bed = setUpIngressTestbed();
const start = (overrides: Partial<IngressOptions> = {}) => bed.start(overrides);

beforeAll(() => {
  ({ ingress, upstream, staticDir } = bed);
});

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
