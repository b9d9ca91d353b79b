import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ingress } from './start-ingress';
import { rawRequest } from './testing/raw-request';
import { startTestIngress } from './testing/start-test-ingress';

let tempDir: string;
let backend: Server;
let connections = 0;
let ingress: Ingress;

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'ingress-pool-'));
  backend = createServer((_request, response) => {
    response.setHeader('Content-Type', 'application/json');
    response.end('{"ok":true}');
  });
  backend.on('connection', () => connections++);
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const { port } = backend.address() as AddressInfo;
  ingress = await startTestIngress({
    runtimeUrl: `http://127.0.0.1:${port}`,
    staticDir: tempDir,
    sessionKey: 'k'.repeat(64),
  });
});

afterAll(async () => {
  await ingress.close();
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
  await rm(tempDir, { recursive: true, force: true });
});

describe('connections from the ingress to the runtime', () => {
  it('are kept and reused: twenty requests one after another open one connection', async () => {
    connections = 0;
    for (let index = 0; index < 20; index++) {
      expect((await rawRequest(ingress.port, { path: '/server_info' })).status).toBe(200);
    }
    expect(connections).toBe(1);
  });

  it('a connection the runtime closed while idle is not reused: the next request still gets its answer', async () => {
    expect((await rawRequest(ingress.port, { path: '/server_info' })).status).toBe(200);
    backend.closeIdleConnections();
    connections = 0;
    const again = await rawRequest(ingress.port, { path: '/server_info' });
    expect(again.status).toBe(200);
    expect(again.body).toBe('{"ok":true}');
    expect(connections).toBe(1);
  });
});
