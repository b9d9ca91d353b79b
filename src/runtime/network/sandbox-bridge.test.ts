import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeScriptPath } from './bridge-script-path';
import { createEgressProxy, type EgressProxy } from './create-egress-proxy';
import { startTestTarget, type TestTarget } from './egress-test-target';

// The sandbox is not optional: .ci/run installs bubblewrap and curl, and a machine without them fails
// here with the reason rather than skipping in silence.
const missing = ['bwrap', 'curl'].filter((tool) => spawnSync(tool, ['--version']).status !== 0);

describe('sandbox bridge and egress proxy, end to end (127.0.0.1 only)', () => {
  let directory: string;
  let socketPath: string;
  let target: TestTarget;
  let proxy: EgressProxy;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'awb-bridge-'));
    socketPath = join(directory, 'proxy.sock');
    target = await startTestTarget();
    proxy = await createEgressProxy({
      socketPath,
      allowlist: ['allowed.test'],
      allowedPorts: [target.port],
      // Test-only: the fake name maps to the host's loopback, which the default rules refuse.
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      allowAddress: (address) => address === '127.0.0.1',
    });
  });

  afterAll(async () => {
    await proxy.close();
    await target.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('bridges TCP on 127.0.0.1 to the Unix socket and survives a client reset', async () => {
    const port = await freePort();
    const bridge = spawn(process.execPath, [bridgeScriptPath, socketPath, String(port)], { stdio: 'ignore' });
    try {
      await expect.poll(() => canConnect(port), { timeout: 5_000 }).toBe(true);
      const reset = connect({ host: '127.0.0.1', port });
      await new Promise<void>((resolve) => reset.once('connect', () => resolve()));
      reset.resetAndDestroy();
      const answer = await getThroughProxy(port, `http://allowed.test:${target.port}/hello`);
      expect(answer).toBe('hello from the target\n');
      expect(bridge.exitCode).toBeNull();
    } finally {
      bridge.kill();
    }
  });

  it('answers 502 in plain HTTP when the proxy socket is not there, and keeps running', async () => {
    const port = await freePort();
    const missing = join(directory, 'missing.sock');
    const bridge = spawn(process.execPath, [bridgeScriptPath, missing, String(port)], { stdio: 'ignore' });
    try {
      await expect.poll(() => canConnect(port), { timeout: 5_000 }).toBe(true);
      await expect(getThroughProxy(port, 'http://allowed.test/')).resolves.toContain(
        'network proxy is not reachable',
      );
      expect(bridge.exitCode).toBeNull();
    } finally {
      bridge.kill();
    }
  });

  it('needs bwrap and curl on this machine', () => {
    expect(missing, `install ${missing.join(' and ')} (Debian: bubblewrap, curl)`).toEqual([]);
  });

  it('a command in a network namespace reaches an allowlisted host only through bridge and proxy', async () => {
    const plain = `http://allowed.test:${target.port}/hello`;
    const script = [
      `node ${bridgeScriptPath} ${socketPath} 3128 &`,
      'for attempt in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/3128) 2>/dev/null && break; sleep 0.05; done',
      `echo "plain: $(curl -sS -x http://127.0.0.1:3128 ${plain})"`,
      `echo "tunnel: $(curl -sS -p -x http://127.0.0.1:3128 ${plain})"`,
      `echo "refused: $(curl -sS -x http://127.0.0.1:3128 http://example.com:${target.port}/)"`,
      `echo "refused tunnel: $(curl -sS -p -x http://127.0.0.1:3128 https://example.com/ 2>&1)"`,
    ].join('\n');
    const output = await inSandbox(script);
    expect(output).toContain('plain: hello from the target');
    expect(output).toContain('tunnel: hello from the target');
    expect(output).toContain(
      'refused: blocked by Agent Workbench: example.com is not in the network allowlist',
    );
    expect(output).toMatch(/refused tunnel: .*403/);
  });

  it('without the bridge nothing in the namespace connects', async () => {
    const script = [
      `curl -sS --max-time 3 http://127.0.0.1:${target.port}/hello 2>&1 || echo "direct failed"`,
      `curl -sS --max-time 3 -x http://127.0.0.1:3128 http://allowed.test:${target.port}/hello 2>&1 || echo "proxy failed"`,
    ].join('\n');
    const output = await inSandbox(script);
    expect(output).toContain('direct failed');
    expect(output).toContain('proxy failed');
    expect(output).not.toContain('hello from the target');
  });

  function inSandbox(script: string): Promise<string> {
    const args = [
      ...['--ro-bind', '/usr', '/usr'],
      ...['--symlink', 'usr/bin', '/bin'],
      ...['--symlink', 'usr/lib', '/lib'],
      ...['--symlink', 'usr/lib64', '/lib64'],
      ...['--proc', '/proc'],
      ...['--dev', '/dev'],
      ...['--tmpfs', '/tmp'],
      ...['--ro-bind', directory, directory],
      ...['--ro-bind', bridgeScriptPath, bridgeScriptPath],
      '--unshare-net',
      '--unshare-pid',
      '--die-with-parent',
      '--',
      'bash',
      '-c',
      script,
    ];
    return new Promise((resolve, reject) => {
      // A clean environment: no proxy variable from the host may steer curl anywhere else.
      execFile('bwrap', args, { env: { PATH: '/usr/bin' }, timeout: 20_000 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`bwrap failed: ${error.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      });
    });
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function getThroughProxy(proxyPort: number, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port: proxyPort, path: url }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve(body));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
