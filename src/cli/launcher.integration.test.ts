import { readFileSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive, waitUntilProcessGone } from './testing/process-gone';
import { rawRequest } from './testing/raw-request';
import { unixSocketLines } from './testing/unix-socket-lines';
import { startTestWorkbench, type TestWorkbench } from './testing/start-test-workbench';

// The real launcher (bin/agent-workbench.mjs) spawning the real runtime (src/server/process/main.ts).
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

let workbench: TestWorkbench;

beforeAll(async () => {
  workbench = await startTestWorkbench();
});
afterAll(async () => {
  await workbench?.cleanup();
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

describe('launcher with the real runtime', () => {
  it('prints exactly one ready line on stdout, with a one-time login URL', () => {
    expect(workbench.launcher.stdoutLines).toEqual([`Agent Workbench ready at ${workbench.loginUrl}`]);
    expect(workbench.url).toBe(`http://127.0.0.1:${workbench.port}`);
    expect(workbench.loginUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${workbench.port}/\\?token=[\\w-]{43}$`),
    );
    expect(workbench.loginUrl).not.toContain(workbench.sessionKey);
  });

  it('gives no session key to a plain fetch of the page', async () => {
    for (const path of ['/', '/conversations/1', '/index.html']) {
      const response = await fetch(`${workbench.url}${path}`);
      expect(response.status).toBe(200);
      const everything = `${JSON.stringify([...response.headers])}${await response.text()}`;
      expect(everything).not.toContain(workbench.sessionKey);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('exchanges the printed token once for the session cookie, which the runtime accepts', async () => {
    const first = await fetch(workbench.loginUrl, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^awb_session=[^;]+; HttpOnly; SameSite=Strict; Path=\/$/);
    const again = await fetch(workbench.loginUrl, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('set-cookie')).toBeNull();

    const settings = await fetch(`${workbench.url}/api/settings`, {
      headers: { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(settings.status).toBe(200);
  });

  it('lets the runtime take the page origin through the ingress and refuse another on its own port', async () => {
    const headers = { origin: workbench.url, 'x-session-api-key': workbench.sessionKey };
    const viaIngress = await rawRequest(workbench.port, {
      path: '/api/settings',
      headers: { ...headers, host: `127.0.0.1:${workbench.port}` },
    });
    expect(viaIngress.status).toBe(200);
    const direct = await rawRequest(workbench.runtimePort, {
      path: '/api/settings',
      headers: {
        host: `127.0.0.1:${workbench.runtimePort}`,
        origin: 'http://evil.test',
        'x-session-api-key': workbench.sessionKey,
      },
    });
    expect(direct.status).toBe(403);
    const rebound = await rawRequest(workbench.runtimePort, {
      path: '/server_info',
      headers: { host: 'evil.test' },
    });
    expect(rebound.status).toBe(403);
  });

  it('proxies /server_info to the runtime', async () => {
    const response = await fetch(`${workbench.url}/server_info`);
    expect(response.status).toBe(200);
    // `version` is the upstream agent-server release served (CONTRACT §8); ours is workbench_version.
    expect(await response.json()).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      workbench_version: version,
    });
  });

  it('reaches the runtime on a Unix socket in the data dir, 0600 in a 0700 folder, for what it proxies', async () => {
    const socketPath = join(workbench.dataDir, 'sockets', 'runtime.sock');
    expect(statSync(socketPath).isSocket()).toBe(true);
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
    expect(statSync(join(workbench.dataDir, 'sockets')).mode & 0o777).toBe(0o700);
    const before = unixSocketLines(socketPath);
    // A request that closes its connection is proxied (not handed to the runtime), on a backend
    // connection the ingress keeps: the runtime's end of it is on the socket.
    const agent = new Agent({ keepAlive: false });
    await new Promise<void>((resolve, reject) => {
      request(`${workbench.url}/server_info`, { agent, headers: { connection: 'close' } }, (response) => {
        expect(response.statusCode).toBe(200);
        response.resume().on('end', resolve);
      })
        .on('error', reject)
        .end();
    });
    // The listening socket is one line; the ingress's pooled connection (made now, or by an earlier
    // proxied request) is another, and nothing but the ingress connects there.
    expect(before).toBeGreaterThanOrEqual(1);
    expect(unixSocketLines(socketPath)).toBeGreaterThanOrEqual(2);
    agent.destroy();
  });

  it('passes the session key to the runtime, which guards /api', async () => {
    const without = await fetch(`${workbench.url}/api/settings`);
    expect(without.status).toBe(401);
    const withKey = await fetch(`${workbench.url}/api/settings`, {
      headers: { 'X-Session-API-Key': workbench.sessionKey },
    });
    expect(withKey.status).toBe(200);
  });

  it('carries the runtime 413 for a 2 MiB body through the ingress and stays healthy', async () => {
    const response = await rawRequest(workbench.port, {
      method: 'POST',
      path: '/api/conversations',
      headers: { 'content-type': 'application/json', 'x-session-api-key': workbench.sessionKey },
      body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toHaveProperty('detail');
    // The new runtime removed the socket file the killed one left, and the ingress reaches it there.
    expect((await fetch(`${workbench.url}/server_info`)).status).toBe(200);
    expect(statSync(join(workbench.dataDir, 'sockets', 'runtime.sock')).isSocket()).toBe(true);
  });

  it('answers malformed JSON with a 4xx JSON error and no stack trace', async () => {
    const response = await rawRequest(workbench.port, {
      method: 'POST',
      path: '/api/conversations',
      headers: { 'content-type': 'application/json', 'x-session-api-key': workbench.sessionKey },
      body: '{"title": ',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toHaveProperty('detail');
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('refuses a foreign Host header with 403', async () => {
    const response = await rawRequest(workbench.port, {
      path: '/server_info',
      headers: { host: 'evil.test:8000' },
    });
    expect(response.status).toBe(403);
  });

  it('restarts a runtime killed with SIGKILL and says so', async () => {
    const firstPid = workbench.runtimePid();
    expect(firstPid).toBeDefined();
    process.kill(firstPid ?? 0, 'SIGKILL');
    const stderr = () => workbench.launcher.stderrLines.join('\n');
    const back = await waitFor(
      async () => (/runtime is running again/.test(stderr()) ? true : undefined),
      15_000,
    );
    expect(back, stderr()).toBe(true);
    expect(stderr()).toMatch(/runtime stopped unexpectedly \(killed by SIGKILL\)/);
    const newPid = workbench.runtimePid();
    expect(newPid).toBeDefined();
    expect(newPid).not.toBe(firstPid);
    // The new runtime removed the socket file the killed one left, and the ingress reaches it there.
    expect((await fetch(`${workbench.url}/server_info`)).status).toBe(200);
    expect(statSync(join(workbench.dataDir, 'sockets', 'runtime.sock')).isSocket()).toBe(true);
  });

  it('ends itself and the runtime on SIGTERM', async () => {
    const runtimePid = workbench.runtimePid();
    expect(runtimePid !== undefined && isProcessAlive(runtimePid)).toBe(true);
    const exit = await workbench.stop();
    expect(exit.code).toBe(0);
    expect(await waitUntilProcessGone(runtimePid ?? 0, 500)).toBe(true);
    expect(exit.runtimeGone).toBe(true);
  });
});
