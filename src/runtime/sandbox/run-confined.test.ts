import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostProcessesMatching } from '../../cli/testing/child-pids';
import { DEFAULT_SANDBOX_SETTINGS } from './sandbox-settings';
import { KILLED_EXIT_CODE } from './confined-run';
import { runConfined } from './run-confined';
import { type WorkspaceConfinement, workspaceConfinement } from './workspace-confinement';
import { WorkspaceError } from './workspace-error';
import { requireExecutable } from './testing/require-executable';
import { createDockerSandboxes } from './docker/docker-sandboxes';
import { ENGINE_START_MS, requireEngine } from './docker/testing/require-engine';
import { DEFAULT_SANDBOX_IMAGE } from './sandbox-kind';

const SESSION_KEY = 'awb-session-key-do-not-leak-5f1e2d';
const SETTINGS_KEY = 'sk-settings-key-do-not-leak-9a8b7c';

let root: string;
let dataDir: string;
let workspace: string;
let outside: string;
let confinement: WorkspaceConfinement;
let server: Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'awb-confined-'));
  dataDir = join(root, 'data');
  workspace = join(root, 'workspace');
  outside = join(root, 'outside');
  for (const dir of [dataDir, workspace, outside]) mkdirSync(dir);
  writeFileSync(join(dataDir, 'session-key'), SESSION_KEY);
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ llm: { api_key: SETTINGS_KEY } }));
  confinement = workspaceConfinement({
    dataDir,
    sandboxSettings: { ...DEFAULT_SANDBOX_SETTINGS, max_processes: 64 },
    env: { PATH: process.env.PATH },
  });
  server = createServer((socket) => socket.end('runtime-port-reached\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const bash = (command: string, timeoutMs = 10_000) =>
  runConfined(confinement, {
    argv: ['bash', '--norc', '--noprofile', '-c', command],
    workspaceDir: workspace,
    cwd: workspace,
    timeoutMs,
    maxOutputBytes: 1024 * 1024,
  });

describe.each(['bubblewrap', 'docker', 'podman'] as const)('runConfined in %s', (kind) => {
  beforeAll(async () => {
    if (kind === 'bubblewrap') {
      requireExecutable('bwrap', 'bubblewrap');
      return;
    }
    // A container per call: the same workspace, data dir and limits; the root-owned test folders are the runtime's own.
    const docker = await requireEngine(kind);
    const runner = createDockerSandboxes({
      dataDir,
      image: () => DEFAULT_SANDBOX_IMAGE,
      ownWorkspaces: () => [root],
      docker,
    }).runner({ maxProcesses: 64, maxMemoryMb: 2048 }, undefined);
    confinement = workspaceConfinement({
      dataDir,
      sandboxSettings: { ...DEFAULT_SANDBOX_SETTINGS, max_processes: 64 },
      env: { PATH: process.env.PATH },
      runner,
    });
  }, ENGINE_START_MS);
  it('runs a command in the workspace and reports its output and exit code', async () => {
    const result = await bash('pwd; echo oops >&2; exit 3');
    expect(result).toMatchObject({
      stdout: `${workspace}\n`,
      stderr: 'oops\n',
      exitCode: 3,
      timedOut: false,
    });
  });

  it('cannot read the session key or settings.json in the data dir', async () => {
    const result = await bash(
      `cat ${dataDir}/session-key ${dataDir}/settings.json; ls -a ${dataDir}; grep -rs do-not-leak ${root} /tmp | head -1`,
    );
    expect(result.stdout + result.stderr).not.toContain('do-not-leak');
  });

  it('cannot reach the runtime port over TCP, neither by bash nor curl', async () => {
    const result = await bash(
      `(echo hi > /dev/tcp/127.0.0.1/${port}) 2>&1 && cat < /dev/tcp/127.0.0.1/${port}; ` +
        `command -v curl >/dev/null && curl -s -m 2 http://127.0.0.1:${port}/; echo done`,
    );
    expect(result.stdout).not.toContain('runtime-port-reached');
    expect(result.stdout).toContain('done');
  });

  it('cannot write outside the workspace, but can inside it', async () => {
    const result = await bash(`echo x > ${outside}/escaped; echo y > ${workspace}/inside.txt`);
    expect(existsSync(join(outside, 'escaped'))).toBe(false);
    expect(existsSync(join(workspace, 'inside.txt'))).toBe(true);
    expect(result.exitCode).toBe(0);
  });

  it('a read-only run cannot write even the workspace', async () => {
    const result = await runConfined(confinement, {
      argv: ['bash', '-c', `echo y > ${workspace}/readonly.txt`],
      workspaceDir: workspace,
      cwd: workspace,
      readOnly: true,
      timeoutMs: 5_000,
      maxOutputBytes: 1024,
    });
    expect(result.exitCode).not.toBe(0);
    expect(existsSync(join(workspace, 'readonly.txt'))).toBe(false);
  });

  it('extraBinds makes one folder inside the masked data dir reachable at its sandbox path, and only that folder', async () => {
    const shadow = join(dataDir, 'checkpoints', 'abc');
    mkdirSync(shadow, { recursive: true });
    writeFileSync(join(shadow, 'mine.txt'), 'shadow-content');
    // Both sandboxes' runs of this suite share the folders: start without the last one's file.
    rmSync(join(shadow, 'written.txt'), { force: true });
    const run = (writable: boolean) =>
      runConfined(confinement, {
        argv: [
          'bash',
          '-c',
          `cat /run/awb-extra/mine.txt; echo; echo w > /run/awb-extra/written.txt; cat ${dataDir}/session-key`,
        ],
        workspaceDir: workspace,
        cwd: workspace,
        readOnly: true,
        timeoutMs: 5_000,
        maxOutputBytes: 1024 * 1024,
        extraBinds: [{ host: shadow, sandbox: '/run/awb-extra', writable }],
      });
    const readOnlyRun = await run(false);
    expect(readOnlyRun.stdout).toContain('shadow-content');
    expect(existsSync(join(shadow, 'written.txt'))).toBe(false);
    const writableRun = await run(true);
    expect(writableRun.stdout).toContain('shadow-content');
    expect(existsSync(join(shadow, 'written.txt'))).toBe(true);
    expect(writableRun.stdout + writableRun.stderr).not.toContain('do-not-leak');
  });

  it('a command that never ends is killed at its timeout with exit code -1, and everything it started dies', async () => {
    // A sleep no other process runs, left in the background: it must die with the command.
    const orphan = `sleep 300.${process.pid}`;
    const result = await bash(`(${orphan}; echo late) & sleep 600`, 500);
    expect(result).toMatchObject({ exitCode: KILLED_EXIT_CODE, timedOut: true });
    await vi.waitFor(() => expect(hostProcessesMatching(new RegExp(`^${orphan}$`))).toEqual([]), {
      timeout: 5_000,
    });
  });

  it('a fork bomb is capped by the process limit and stopped by the timeout', async () => {
    const result = await bash(':(){ :|:& };:; sleep 600', 3_000);
    expect(result.exitCode).toBe(KILLED_EXIT_CODE);
    const after = await bash('echo alive');
    expect(after.stdout).toBe('alive\n');
  });

  it('keeps the first maxOutputBytes of output and counts the rest', async () => {
    const result = await runConfined(confinement, {
      argv: ['bash', '-c', 'head -c 5000 /dev/zero | tr "\\0" a'],
      workspaceDir: workspace,
      cwd: workspace,
      timeoutMs: 5_000,
      maxOutputBytes: 1000,
    });
    expect(result.stdout).toBe('a'.repeat(1000));
    expect(result.droppedStdoutBytes).toBe(4000);
  });

  it('does not pass the runtime environment (keys) to the command', async () => {
    process.env.AWB_TEST_SECRET_VARIABLE = SESSION_KEY;
    try {
      const result = await bash('env');
      expect(result.stdout).not.toContain(SESSION_KEY);
    } finally {
      delete process.env.AWB_TEST_SECRET_VARIABLE;
    }
  });
});

describe('runConfined without bubblewrap', () => {
  it('refuses with the install hint, as the terminal does', async () => {
    const missing = workspaceConfinement({
      dataDir,
      sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
      env: { PATH: '' },
      locateBwrap: () => undefined,
    });
    const run = runConfined(missing, {
      argv: ['true'],
      workspaceDir: workspace,
      cwd: workspace,
      timeoutMs: 1000,
      maxOutputBytes: 10,
    });
    await expect(run).rejects.toBeInstanceOf(WorkspaceError);
    await expect(run).rejects.toMatchObject({
      code: 'sandbox_missing',
      message: /apt-get install bubblewrap/,
    });
  });

  it('runs unconfined when AGENT_WORKBENCH_SANDBOX=0', async () => {
    const disabled = workspaceConfinement({
      dataDir,
      sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
      env: { PATH: process.env.PATH, AGENT_WORKBENCH_SANDBOX: '0' },
    });
    expect(disabled.sandbox.kind).toBe('disabled');
    const result = await runConfined(disabled, {
      argv: ['bash', '-c', `cat ${dataDir}/session-key`],
      workspaceDir: workspace,
      cwd: workspace,
      timeoutMs: 5_000,
      maxOutputBytes: 1000,
    });
    expect(result.stdout).toBe(SESSION_KEY);
  });
});

describe('runConfined on docker without a daemon', () => {
  it('refuses with sandbox_missing and what to do, never running the command elsewhere', async () => {
    const runner = createDockerSandboxes({
      dataDir,
      image: () => DEFAULT_SANDBOX_IMAGE,
      ownWorkspaces: () => [root],
      docker: new Docker({ socketPath: join(root, 'no-daemon.sock') }),
    }).runner({ maxProcesses: 64, maxMemoryMb: 256 }, undefined);
    const stopped = workspaceConfinement({ dataDir, sandboxSettings: DEFAULT_SANDBOX_SETTINGS, runner });
    const marker = join(workspace, 'ran-anyway');
    const run = runConfined(stopped, {
      argv: ['touch', marker],
      workspaceDir: workspace,
      cwd: workspace,
      timeoutMs: 1000,
      maxOutputBytes: 10,
    });
    await expect(run).rejects.toMatchObject({ code: 'sandbox_missing', message: /start the Docker daemon/ });
    expect(existsSync(marker)).toBe(false);
  });
});
