import { spawnSync } from 'node:child_process';
import { lstat, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEgressProxy, type EgressProxy } from './create-egress-proxy';
import type { EgressLogEntry, EgressProxyOptions } from './egress-proxy-options';
import { exchange, openTunnel, startTestTarget, type TestTarget } from './egress-test-target';

/** Every name resolves to 127.0.0.1: the only address these tests may ever reach. */
const resolveToLoopback = async () => [{ address: '127.0.0.1', family: 4 as const }];

describe('createEgressProxy (real sockets on 127.0.0.1 only)', () => {
  let directory: string;
  let target: TestTarget;
  let proxy: EgressProxy | undefined;
  let log: EgressLogEntry[];

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'awb-egress-'));
    target = await startTestTarget();
    log = [];
  });

  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await target.close();
    await rm(directory, { recursive: true, force: true });
  });

  async function start(overrides: Partial<EgressProxyOptions> = {}): Promise<string> {
    const socketPath = join(directory, 'proxy.sock');
    proxy = await createEgressProxy({
      socketPath,
      allowlist: ['allowed.test', '*.allowed.test'],
      allowedPorts: [target.port],
      resolve: resolveToLoopback,
      allowAddress: (address) => address === '127.0.0.1',
      log: (entry) => log.push(entry),
      ...overrides,
    });
    return socketPath;
  }

  it('tunnels bytes both ways for an allowlisted name', async () => {
    const socketPath = await start();
    const tunnel = await openTunnel(socketPath, `allowed.test:${target.port}`);
    expect(tunnel.status).toBe(200);
    const payload = 'x'.repeat(100_000);
    const answer = await exchange(
      tunnel.socket,
      `POST /echo HTTP/1.1\r\nHost: allowed.test\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n${payload}`,
    );
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(answer.endsWith(payload)).toBe(true);
    await expect.poll(() => log.length).toBe(1);
    expect(log[0]).toMatchObject({
      kind: 'connect',
      host: 'allowed.test',
      outcome: 'allowed',
      address: '127.0.0.1',
    });
    expect(log[0]?.bytesReceived).toBeGreaterThan(100_000);
  });

  it('answers 403 with a reason the model can read for a name outside the allowlist', async () => {
    const socketPath = await start();
    const tunnel = await openTunnel(socketPath, `example.com:${target.port}`);
    expect(tunnel.status).toBe(403);
    expect(tunnel.body).toBe('blocked by Agent Workbench: example.com is not in the network allowlist\n');
    expect(tunnel.statusLine).toContain('not in the network allowlist');
    expect(target.requests).toEqual([]);
    expect(log[0]).toMatchObject({ outcome: 'refused', status: 403 });
  });

  it('answers 403 "private address" for an allowlisted name resolving to 127.0.0.1 under the default rules', async () => {
    const socketPath = await start({ allowAddress: undefined });
    const tunnel = await openTunnel(socketPath, `allowed.test:${target.port}`);
    expect(tunnel.status).toBe(403);
    expect(tunnel.body).toBe('blocked by Agent Workbench: allowed.test resolves to a private address\n');
    expect(target.requests).toEqual([]);
  });

  it('answers 403 for an IP literal that is not listed', async () => {
    const socketPath = await start();
    const tunnel = await openTunnel(socketPath, `127.0.0.1:${target.port}`);
    expect(tunnel.status).toBe(403);
    expect(tunnel.body).toContain('127.0.0.1 is an IP address');
  });

  it('refuses port 22 with the default ports', async () => {
    const socketPath = await start({ allowedPorts: undefined });
    const tunnel = await openTunnel(socketPath, 'allowed.test:22');
    expect(tunnel.status).toBe(403);
    expect(tunnel.body).toBe('blocked by Agent Workbench: port 22 is not allowed (only 80, 443)\n');
  });

  it('answers 400 for a CONNECT target without a port', async () => {
    const socketPath = await start();
    const tunnel = await openTunnel(socketPath, 'allowed.test');
    expect(tunnel.status).toBe(400);
  });

  it('forwards an absolute-form GET without hop-by-hop headers and streams the answer', async () => {
    const socketPath = await start();
    const answer = await proxiedGet(socketPath, `http://Allowed.Test:${target.port}/hello`);
    expect(answer).toEqual({ status: 200, body: 'hello from the target\n' });
    expect(target.requests).toEqual([`GET /hello host=allowed.test:${target.port} proxy=-`]);
    await expect.poll(() => log[0]?.outcome).toBe('allowed');
  });

  it('answers a refused absolute-form GET with 403 and the reason as text', async () => {
    const socketPath = await start();
    const answer = await proxiedGet(socketPath, `http://example.com:${target.port}/hello`);
    expect(answer).toEqual({
      status: 403,
      body: 'blocked by Agent Workbench: example.com is not in the network allowlist\n',
    });
    expect(target.requests).toEqual([]);
  });

  it('answers 502 when the checked address refuses the connection', async () => {
    const socketPath = await start();
    const closedPort = target.port;
    await target.close();
    const tunnel = await openTunnel(socketPath, `allowed.test:${closedPort}`);
    expect(tunnel.status).toBe(502);
    expect(tunnel.body).toContain('ECONNREFUSED');
    target = await startTestTarget();
  });

  it('answers 503 past the connection limit and serves again once a tunnel closes', async () => {
    const socketPath = await start({ maxConnections: 1 });
    const first = await openTunnel(socketPath, `allowed.test:${target.port}`);
    expect(first.status).toBe(200);
    const second = await openTunnel(socketPath, `allowed.test:${target.port}`);
    expect(second.status).toBe(503);
    first.socket.destroy();
    await expect.poll(() => log.some((entry) => entry.outcome === 'allowed')).toBe(true);
    const third = await openTunnel(socketPath, `allowed.test:${target.port}`);
    expect(third.status).toBe(200);
    third.socket.destroy();
  });

  it('closes an idle tunnel', async () => {
    const socketPath = await start({ idleTimeoutMs: 200 });
    const tunnel = await openTunnel(socketPath, `allowed.test:${target.port}`);
    const closed = new Promise<void>((resolve) => tunnel.socket.once('close', () => resolve()));
    tunnel.socket.resume();
    await closed;
  });

  it('replaces a socket file left by a crash, listens with mode 0600 and removes the file on close', async () => {
    const socketPath = join(directory, 'proxy.sock');
    // A killed process leaves its socket file behind; the next start must not fail on EADDRINUSE.
    const crash = `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`;
    spawnSync(process.execPath, ['-e', crash]);
    expect((await lstat(socketPath)).isSocket()).toBe(true);
    const started = await createEgressProxy({ socketPath, allowlist: [] });
    expect((await stat(socketPath)).mode & 0o777).toBe(0o600);
    await started.close();
    await expect(stat(socketPath)).rejects.toThrow();
  });

  it('refuses to start on a path that holds something other than a socket', async () => {
    const socketPath = join(directory, 'proxy.sock');
    await writeFile(socketPath, 'not a socket');
    await expect(createEgressProxy({ socketPath, allowlist: [] })).rejects.toThrow('is not a socket');
  });
});

function proxiedGet(socketPath: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { socketPath, method: 'GET', path: url, headers: { 'proxy-connection': 'keep-alive' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
