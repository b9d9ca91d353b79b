import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ingress } from './start-ingress';
import { firstMessage, openSocket, setUpIngressTestbed } from './testing/ingress-testbed';
import { rawRequest } from './testing/raw-request';
import { type FakeRuntime, startFakeRuntime } from './testing/start-fake-runtime';

const bed = setUpIngressTestbed();
let folder: string;
let runtime: FakeRuntime;
let ingress: Ingress;
/** The Host the runtime's own check accepts: its URL's, whichever door the request came through. */
let runtimeHost: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ingress-unix-'));
  runtime = await startFakeRuntime({ socketPath: join(folder, 'runtime.sock') });
  // The runtime's TCP port is closed: whatever reaches it went through its Unix socket.
  const gone = await startFakeRuntime();
  await gone.close();
  runtimeHost = new URL(gone.url).host;
  ingress = await bed.start({ runtimeUrl: gone.url, runtimeSocketPath: join(folder, 'runtime.sock') });
});

afterAll(async () => {
  await runtime.close();
  await rm(folder, { recursive: true, force: true });
});

describe('an ingress that reaches its runtime on a Unix socket', () => {
  it("carries kept-alive REST (the fast path) there, with the URL's Host", async () => {
    const response = await rawRequest(ingress.port, { path: '/api/echo?fast=1' });
    expect(response.status).toBe(200);
    const echoed = JSON.parse(response.body) as { url: string; headers: Record<string, string> };
    expect(echoed.url).toBe('/api/echo?fast=1');
    expect(echoed.headers.host).toBe(runtimeHost);
    expect(runtime.seen).toContain('GET /api/echo?fast=1');
  });

  it('carries what the http.Server path forwards (a chunked body) there', async () => {
    const response = await rawRequest(ingress.port, {
      method: 'POST',
      path: '/api/echo?chunked=1',
      headers: { origin: `http://localhost:${ingress.port}`, 'transfer-encoding': 'chunked' },
      body: 'a chunked body',
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ url: '/api/echo?chunked=1', body: 'a chunked body' });
    expect(runtime.seen).toContain('POST /api/echo?chunked=1');
  });

  it('carries WebSocket upgrades there', async () => {
    const socket = openSocket(ingress.port, '/sockets/echo', { origin: `http://localhost:${ingress.port}` });
    await new Promise((resolve) => socket.once('open', resolve));
    const reply = firstMessage(socket);
    socket.send('over unix');
    expect(await reply).toBe('echo:over unix');
    socket.close();
    expect(runtime.seen).toContain('UPGRADE /sockets/echo');
  });

  it('answers 502 when nothing listens on the socket', async () => {
    const orphan = await bed.start({
      runtimeUrl: bed.upstream.url,
      runtimeSocketPath: join(folder, 'nobody.sock'),
    });
    const response = await rawRequest(orphan.port, { path: '/server_info' });
    expect(response.status).toBe(502);
    expect(response.body).toMatch(/runtime is not reachable/);
  });
});
