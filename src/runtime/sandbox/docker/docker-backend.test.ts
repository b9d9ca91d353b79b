import { FALLBACK_CONTAINER_USER } from './container-user';
import { chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import Docker from 'dockerode';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTerminalSession, type TerminalSession } from '../../tools/terminal/terminal-session';
import type { SandboxBackend } from '../sandbox-backend';
import { createContainerRunner } from './container-run';
import { CONTAINER_LABEL, CONVERSATION_LABEL } from './container-spec';
import { createDockerBackend } from './docker-backend';
import { createDockerSandboxes } from './docker-sandboxes';
import { requireDocker } from './testing/require-docker';
import { requirePodman } from './testing/require-podman';
import { imageWithoutShell, waitFor } from './testing/docker-test-helpers';
import { TEST_OWNER, testDockerBackend } from './testing/test-docker-backend';

let docker: Docker;
let root: string;
let workspaceDir: string;
const sessions: TerminalSession[] = [];
const backends: SandboxBackend[] = [];

beforeAll(async () => {
  docker = await requireDocker();
});

/** The engines the backend's core checks run on: Docker, and Podman's compatible service. */
const ENGINES = ['docker', 'podman'] as const;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-docker-backend-'));
  workspaceDir = join(root, 'workspace');
  mkdirSync(workspaceDir);
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(backends.splice(0).map((backend) => backend.dispose()));
  await rm(root, { recursive: true, force: true });
});

function session(backend: SandboxBackend): TerminalSession {
  const made = createTerminalSession({ workspaceDir, backend });
  sessions.push(made);
  return made;
}

function run(target: TerminalSession, command: string, noOutputTimeoutMs = 10_000) {
  return target.run(
    { kind: 'command', command },
    { noOutputTimeoutMs, signal: new AbortController().signal },
  );
}

async function containersOf(conversationId: string): Promise<Docker.ContainerInfo[]> {
  return docker.listContainers({
    all: true,
    filters: { label: [`${CONVERSATION_LABEL}=${conversationId}`] },
  });
}

describe.each(ENGINES)('docker backend on %s', (engine) => {
  beforeAll(async () => {
    docker = engine === 'podman' ? await requirePodman() : await requireDocker();
  }, 300_000);

  it('runs commands as the workspace owner, never root, and what they write stays theirs', async () => {
    chownSync(workspaceDir, 1234, 1234);
    const terminal = session(testDockerBackend(docker, { workspaceDir, dataDir: join(root, 'data') }));
    const result = await run(terminal, 'id -u; id -g; echo made > made.txt; echo "home=$HOME"');
    expect(result.output).toMatch(/^1234\r?\n1234\r?\n/);
    expect(result.output).toContain('home=/home/agent');
    const { execFileSync: exec } = await import('node:child_process');
    expect(exec('stat', ['-c', '%u', join(workspaceDir, 'made.txt')], { encoding: 'utf8' }).trim()).toBe(
      '1234',
    );
  });

  it('refuses a root-owned folder a person picked, with what to do, and changes nothing in it', async () => {
    const backend = createDockerBackend({
      docker,
      image: 'agent-workbench-sandbox:1',
      owner: TEST_OWNER,
      conversationId: 'picked-root-folder',
      workspaceDir,
      dataDir: join(root, 'data'),
    });
    const result = await run(session(backend), 'echo leaked > leaked.txt');
    expect(result.ending).toBe('refused');
    expect(result.notices.join(' ')).toMatch(/belongs to root.*never root.*chown -R 1000:1000/);
    expect(existsSync(join(workspaceDir, 'leaked.txt'))).toBe(false);
  });

  it('says to start the daemon when it does not answer, and runs nothing', async () => {
    const backend = createDockerBackend({
      docker: new Docker({ socketPath: join(root, 'no-daemon.sock') }),
      image: 'agent-workbench-sandbox:1',
      owner: TEST_OWNER,
      conversationId: 'no-daemon',
      workspaceDir,
      dataDir: join(root, 'data'),
      adoptRootOwned: FALLBACK_CONTAINER_USER,
    });
    const result = await run(session(backend), 'echo never');
    expect(result.ending).toBe('refused');
    expect(result.notices.join(' ')).toContain('start the Docker daemon');
  });

  it('says to build the image when the daemon lacks it', async () => {
    const backend = testDockerBackend(docker, {
      workspaceDir,
      dataDir: join(root, 'data'),
      image: 'agent-workbench-sandbox:does-not-exist',
    });
    const result = await run(session(backend), 'echo never');
    expect(result.ending).toBe('refused');
    expect(result.notices.join(' ')).toContain('npm run sandbox-image');
  });

  it('refuses an image without a shell at start, with the reason', async () => {
    const image = await imageWithoutShell(docker, root);
    const backend = testDockerBackend(docker, { workspaceDir, dataDir: join(root, 'data'), image });
    const result = await run(session(backend), 'echo never');
    expect(result.ending).toBe('refused');
    expect(result.notices.join(' ')).toMatch(/has no usable \/bin\/sh and bash/);
  });

  it("refuses a daemon whose containers see another folder at the workspace's path, and runs nothing there", async () => {
    // As a daemon on another machine: the same path exists there, but it is not this folder.
    const elsewhere = join(root, 'daemon-host-folder');
    mkdirSync(elsewhere);
    writeFileSync(join(workspaceDir, 'here.txt'), 'the runtime sees this\n');
    const backend = testDockerBackend(docker, {
      workspaceDir,
      dataDir: join(root, 'data'),
      workspaceSource: elsewhere,
    });
    backends.push(backend);
    const result = await run(session(backend), 'touch written-there');
    expect(result.ending).toBe('refused');
    expect(result.notices.join(' ')).toMatch(/no shared mount at the same path/);
    expect(readdirSync(elsewhere)).toEqual([]);
    // The probe leaves nothing behind in the workspace.
    expect(readdirSync(workspaceDir)).toEqual(['here.txt']);
  });

  it("refuses git calls on a daemon that sees another folder at the workspace's path, and runs none there", async () => {
    const elsewhere = join(root, 'daemon-host-folder');
    mkdirSync(elsewhere);
    const runner = createContainerRunner({
      docker,
      image: 'agent-workbench-sandbox:1',
      owner: TEST_OWNER,
      user: () => ({ uid: 1000, gid: 1000, adopt: false }),
      maxProcesses: 64,
      maxMemoryMb: 256,
      cpus: undefined,
      workspaceSource: () => elsewhere,
    });
    chownSync(workspaceDir, 1000, 1000);
    const refused = runner({
      argv: ['touch', 'written-there'],
      workspaceDir,
      cwd: workspaceDir,
      timeoutMs: 60_000,
      maxOutputBytes: 1024,
    });
    await expect(refused).rejects.toThrow(/no shared mount at the same path/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(workspaceDir)).toEqual([]);
  });

  it('says so when the container dies mid-command, and the next command starts a new one', async () => {
    const backend = testDockerBackend(docker, { workspaceDir, dataDir: join(root, 'data') });
    const terminal = session(backend);
    const first = await run(terminal, 'hostname; echo $$');
    expect(first.ending).toBe('completed');
    const running = run(terminal, 'echo started; sleep 100');
    const [container] = await waitFor(async () => {
      const found = await docker.listContainers({ filters: { label: [`${CONTAINER_LABEL}=${TEST_OWNER}`] } });
      return found.filter((info) => info.Labels[CONVERSATION_LABEL] !== '' && info.State === 'running');
    });
    expect(container).toBeDefined();
    if (container === undefined) return;
    await docker.getContainer(container.Id).kill();
    const died = await running;
    expect(died.ending).toBe('exited');
    expect(died.notices.join(' ')).toMatch(/container of this conversation (stopped|was removed)/);
    const next = await run(terminal, 'echo again');
    expect(next.ending).toBe('completed');
    expect(next.output).toContain('again');
  });

  it("opens the person's shell in the same container as the agent's", async () => {
    const backend = testDockerBackend(docker, { workspaceDir, dataDir: join(root, 'data') });
    const terminal = session(backend);
    await run(terminal, 'sleep 321 & echo started');
    const person = await backend.startShell({ promptCommand: '', person: { PS1: '$ ' } });
    let seen = '';
    person.pty.onData((text) => {
      seen += text;
    });
    person.pty.write('pgrep -f "sleep 321" >/dev/null && echo same-container\r');
    await waitFor(async () => (seen.includes('same-container') ? [true] : []));
    expect(seen).toContain('same-container');
    person.pty.kill('SIGKILL');
  });

  it("removes the containers a crashed run of the same runtime left, and no other runtime's", async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    const sandboxes = createDockerSandboxes({
      dataDir,
      image: () => 'agent-workbench-sandbox:1',
      ownWorkspaces: () => [],
      docker,
    });
    const left = sandboxes.backend({
      conversationId: 'left-behind',
      workspaceDir: workspaceDir,
      exposedPaths: [],
      network: undefined,
      limits: { maxProcesses: 64, maxMemoryMb: 256 },
      cpus: undefined,
      denyPaths: [],
    });
    chownSync(workspaceDir, 1000, 1000);
    // Started, then forgotten without dispose, as a runtime that crashed forgets its containers.
    const shell = await left.startShell({ promptCommand: '' });
    shell.pty.kill('SIGKILL');
    const other = testDockerBackend(docker, { workspaceDir, dataDir });
    backends.push(other);
    await other.startShell({ promptCommand: '' });
    expect(await containersOf('left-behind')).toHaveLength(1);
    expect(await sandboxes.sweepStale()).toBe(1);
    expect(await containersOf('left-behind')).toHaveLength(0);
    const stillThere = await docker.listContainers({
      filters: { label: [`${CONTAINER_LABEL}=${TEST_OWNER}`] },
    });
    expect(stillThere.length).toBeGreaterThan(0);
  });

  it('keeps the containers of another runtime on the same data dir out of its sweep', async () => {
    const dataDir = join(root, 'shared-data');
    mkdirSync(dataDir);
    const request = (conversationId: string) => ({
      conversationId,
      workspaceDir,
      exposedPaths: [],
      network: undefined,
      limits: { maxProcesses: 64, maxMemoryMb: 256 },
      cpus: undefined,
      denyPaths: [],
    });
    const sandboxes = (runtimeName?: string) =>
      createDockerSandboxes({
        dataDir,
        image: () => 'agent-workbench-sandbox:1',
        ownWorkspaces: () => [],
        docker,
        ...(runtimeName ? { runtimeName } : {}),
      });
    chownSync(workspaceDir, 1000, 1000);
    const first = sandboxes();
    const second = sandboxes('2');
    const firstBackend = first.backend(request('first-runtime-conversation'));
    const secondBackend = second.backend(request('second-runtime-conversation'));
    backends.push(firstBackend, secondBackend);
    await firstBackend.startShell({ promptCommand: '' });
    await secondBackend.startShell({ promptCommand: '' });
    // The second runtime restarts (or stops): only its own containers go.
    expect(await second.sweepStale()).toBe(1);
    expect(await containersOf('second-runtime-conversation')).toHaveLength(0);
    expect(await containersOf('first-runtime-conversation')).toHaveLength(1);
  });

  it('removes an idle container and starts a new one on demand', async () => {
    chownSync(workspaceDir, 1000, 1000);
    const backend = createDockerBackend({
      docker,
      image: 'agent-workbench-sandbox:1',
      owner: TEST_OWNER,
      conversationId: 'idle-conversation',
      workspaceDir,
      dataDir: join(root, 'data'),
      idleMs: 50,
    });
    backends.push(backend);
    const first = await backend.startShell({ promptCommand: '' });
    expect(await containersOf('idle-conversation')).toHaveLength(1);
    first.pty.kill('SIGKILL');
    const gone = await waitFor(async () =>
      (await containersOf('idle-conversation')).length === 0 ? [true] : [],
    );
    expect(gone).toEqual([true]);
    expect((await run(session(backend), 'echo back')).output).toContain('back');
    expect(await containersOf('idle-conversation')).toHaveLength(1);
  });
});

describe.each(ENGINES)('docker backend after dispose on %s', (engine) => {
  beforeAll(async () => {
    docker = engine === 'podman' ? await requirePodman() : await requireDocker();
  }, 300_000);

  it('starts no container for a shell asked for once the tools closed', async () => {
    chownSync(workspaceDir, 1000, 1000);
    const backend = createDockerBackend({
      docker,
      image: 'agent-workbench-sandbox:1',
      owner: TEST_OWNER,
      conversationId: 'closed-conversation',
      workspaceDir,
      dataDir: join(root, 'data'),
    });
    const starting = backend.startShell({ promptCommand: '' });
    await backend.dispose();
    await expect(starting).rejects.toThrow(/tools are closed/);
    await expect(backend.startShell({ promptCommand: '' })).rejects.toThrow(/tools are closed/);
    expect(await containersOf('closed-conversation')).toHaveLength(0);
  });
});

describe('docker backend when the daemon goes away', () => {
  beforeAll(async () => {
    docker = await requireDocker();
  });

  it('refuses the next command with what to do and reports the sandbox lost', async () => {
    chownSync(workspaceDir, 1000, 1000);
    // The daemon, reached through a socket this test can cut: what a stopped daemon looks like to the runtime.
    const relayPath = join(root, 'relay.sock');
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect('/var/run/docker.sock');
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop);
      upstream.on('error', drop);
    });
    await new Promise<void>((resolve) => relay.listen(relayPath, resolve));
    const backend = createDockerBackend({
      docker: new Docker({ socketPath: relayPath }),
      image: 'agent-workbench-sandbox:1',
      owner: TEST_OWNER,
      conversationId: 'daemon-goes-away',
      workspaceDir,
      dataDir: join(root, 'data'),
    });
    const terminal = session(backend);
    expect((await run(terminal, 'echo before')).output).toContain('before');
    expect(backend.lost?.()).toBeUndefined();
    const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
    const refused = await run(terminal, 'echo during');
    expect(refused.ending).toBe('refused');
    expect(refused.notices.join(' ')).toContain('start the Docker daemon');
    expect(backend.lost?.()).toContain('does not answer');
    // The container is the real daemon's: removed here, since this backend cannot reach it any more.
    for (const found of await containersOf('daemon-goes-away'))
      await docker.getContainer(found.Id).remove({ force: true });
  });
});
