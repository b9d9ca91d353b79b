import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPids, runtimePidOf } from './testing/child-pids';
import { freePort } from './testing/free-port';
import { waitUntilProcessGone } from './testing/process-gone';
import { rawRequest } from './testing/raw-request';
import { spawnLauncher } from './testing/spawn-launcher';
import { isolatedEnv } from './testing/start-test-workbench';

// Each case runs the real bin/agent-workbench.mjs and checks exit code and the one stderr line.
let root: string;
let workspace: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'launcher-failures-'));
  workspace = join(root, 'workspace');
  await mkdir(workspace);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function occupy(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const launcher = spawnLauncher(['--no-open', '--workspace', workspace, ...args], {
    env: { ...isolatedEnv(), ...env },
    cwd: workspace,
  });
  const exit = await launcher.exited;
  return { code: exit.code, stdout: launcher.stdoutLines, stderr: launcher.stderrLines };
}

async function dataDir(name: string) {
  return join(root, name);
}

describe('launcher usage errors (exit 2)', () => {
  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', '0'], /--port must be from 1 to 65535, got 0/],
    [['--port', '99999'], /--port must be from 1 to 65535, got 99999/],
  ])('%j prints the reason and the usage on stderr', async (args, reason) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toEqual([]);
    expect(result.stderr[0]).toMatch(reason);
    expect(result.stderr.join('\n')).toContain('Usage: agent-workbench');
  });
});

/** A launcher started with --sandbox docker and `env` (its own data dir `name`): its exit and stderr. */
async function dockerStart(name: string, env: Record<string, string>) {
  const ports = ['--port', String(await freePort()), '--runtime-port', String(await freePort())];
  return run(['--sandbox', 'docker', ...ports, ...(await automationPortArgs())], {
    AGENT_WORKBENCH_DATA_DIR: await dataDir(name),
    ...env,
  });
}

describe('launcher startup failures (exit 1, one clear line)', () => {
  it('refuses --sandbox docker when no Docker daemon answers, saying what to do (never another sandbox)', async () => {
    const result = await dockerStart('no-daemon', { DOCKER_HOST: 'unix:///nonexistent/docker.sock' });
    expect(result.code).toBe(1);
    expect(result.stderr.at(-1)).toBe(
      'agent-workbench: the docker sandbox cannot start: no Docker daemon answers at unix:///nonexistent/docker.sock (ENOENT): start it (systemctl start docker, or dockerd), or set DOCKER_HOST to one that runs',
    );
  });

  it('refuses --sandbox docker over TLS without the certificate files, naming TLS and DOCKER_CERT_PATH', async () => {
    const result = await dockerStart('no-certs', {
      DOCKER_HOST: 'tcp://127.0.0.1:2376',
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: '/nonexistent/certs',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.at(-1)).toMatch(
      /^agent-workbench: the docker sandbox cannot start: TLS to the Docker host 127\.0\.0\.1:2376 cannot start: \/nonexistent\/certs\/ca\.pem cannot be read \(ENOENT\)\. DOCKER_CERT_PATH must name a folder/,
    );
  });

  it('names the busy port and the fix', async () => {
    const { server, port } = await occupy();
    const result = await run(
      ['--port', String(port), '--runtime-port', String(await freePort()), ...(await automationPortArgs())],
      {
        AGENT_WORKBENCH_DATA_DIR: await dataDir('busy-port'),
      },
    );
    server.close();
    expect(result.code).toBe(1);
    expect(result.stdout).toEqual([]);
    expect(result.stderr).toEqual([
      `agent-workbench: port ${port} is already in use (another Agent Workbench?); stop that process or pass --port with a free port`,
    ]);
  });

  it('names a busy runtime port and the fix', async () => {
    const { server, port } = await occupy();
    const result = await run(
      ['--port', String(await freePort()), '--runtime-port', String(port), ...(await automationPortArgs())],
      {
        AGENT_WORKBENCH_DATA_DIR: await dataDir('busy-runtime-port'),
      },
    );
    server.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toEqual([
      `agent-workbench: runtime port ${port} is already in use (another Agent Workbench?); stop that process or pass --runtime-port with a free port`,
    ]);
  });

  it('names a busy automation port and the fix', async () => {
    const { server, port } = await occupy();
    const result = await run(
      [
        '--port',
        String(await freePort()),
        '--runtime-port',
        String(await freePort()),
        '--automation-port',
        String(port),
      ],
      { AGENT_WORKBENCH_DATA_DIR: await dataDir('busy-automation-port') },
    );
    server.close();
    expect(result.code).toBe(1);
    expect(result.stdout).toEqual([]);
    expect(result.stderr).toEqual([
      `agent-workbench: automation service port ${port} is already in use (another Agent Workbench?); stop that process or pass --automation-port with a free port`,
    ]);
  });

  it('refuses a data dir that is a file', async () => {
    const file = join(root, 'a-file');
    await writeFile(file, 'x');
    const result = await run(['--port', String(await freePort()), '--data-dir', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toEqual([
      `agent-workbench: data dir ${file} is a file, not a folder; pass --data-dir with a folder path`,
    ]);
  });

  it('refuses --public without AGENT_WORKBENCH_SESSION_KEY', async () => {
    const result = await run(['--public', '--host', '0.0.0.0', '--data-dir', await dataDir('public')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toEqual([
      'agent-workbench: --public needs AGENT_WORKBENCH_SESSION_KEY set to the key people will type in',
    ]);
  });

  it('with a --runtime-url nobody answers: serves 502 while waiting and stops cleanly on SIGTERM', async () => {
    const deadPort = await freePort();
    const port = await freePort();
    const launcher = spawnLauncher(
      ['--no-open', '--port', String(port), '--runtime-url', `http://127.0.0.1:${deadPort}`],
      {
        env: { ...isolatedEnv(), AGENT_WORKBENCH_DATA_DIR: await dataDir('remote') },
        cwd: workspace,
      },
    );
    // The ingress binds before the health wait (the 30 s cap is too slow to wait out here).
    let status: number | undefined;
    const deadline = Date.now() + 15_000;
    while (status === undefined && Date.now() < deadline) {
      status = await rawRequest(port, { path: '/server_info' }).then(
        (response) => response.status,
        () => undefined,
      );
      if (status === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(502);
    expect(childPids(launcher.pid)).toEqual([]);
    expect(launcher.stdoutLines).toEqual([]);
    launcher.child.kill('SIGTERM');
    expect((await launcher.exited).code).toBe(0);
  });
});

describe('launcher shutdown during startup', () => {
  it('a Ctrl-C while the runtime starts ends both, leaving no child', async () => {
    const launcher = spawnLauncher(
      [
        '--no-open',
        '--port',
        String(await freePort()),
        '--runtime-port',
        String(await freePort()),
        ...(await automationPortArgs()),
      ],
      { env: { ...isolatedEnv(), AGENT_WORKBENCH_DATA_DIR: await dataDir('early-ctrl-c') }, cwd: workspace },
    );
    let runtimePid: number | undefined;
    const deadline = Date.now() + 10_000;
    while (runtimePid === undefined && Date.now() < deadline) {
      runtimePid = runtimePidOf(launcher.pid);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(runtimePid).toBeDefined();
    launcher.child.kill('SIGINT');
    const exit = await launcher.exited;
    expect(exit.code).toBe(0);
    expect(launcher.stdoutLines).toEqual([]);
    expect(await waitUntilProcessGone(runtimePid ?? 0, 1_000)).toBe(true);
  });
});

/** A free port for the automation service, so tests running side by side never meet on its default. */
async function automationPortArgs(): Promise<string[]> {
  return ['--automation-port', String(await freePort())];
}
