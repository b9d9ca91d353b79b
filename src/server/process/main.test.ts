import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RUNTIME_V8_FLAGS } from '../../cli/runtime-command';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
// As the launcher does: tsx by absolute URL, since the cwd is not this repository.
const TSX = new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'agent-workbench-main-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

function runtime(env: Record<string, string>, nodeFlags: readonly string[] = []) {
  const child = spawn(process.execPath, [...nodeFlags, '--import', TSX, MAIN], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', HOME: dataDir, AGENT_WORKBENCH_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = async () => {
    for (;;) {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) return match[1];
      if (child.exitCode !== null) throw new Error(`runtime exited: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

const BASE_ENV = { AGENT_WORKBENCH_RUNTIME_PORT: '0', AGENT_WORKBENCH_SESSION_KEY: 'main-test-key' };

describe('the runtime process', () => {
  it('serves /server_info once listening and exits 0 on SIGTERM', async () => {
    const process = runtime(BASE_ENV);
    const url = await process.listening();
    const info = await fetch(`${url}/server_info`);
    expect(info.status).toBe(200);
    expect((await info.json()).title).toBe('Agent Workbench');
    const unauthorized = await fetch(`${url}/api/settings`);
    expect(unauthorized.status).toBe(401);
    process.child.kill('SIGTERM');
    expect(await process.exited).toBe(0);
  });

  it("started with the launcher's V8 flags, takes Node's code cache for the built-ins it loads (here its HTTP server)", async () => {
    const process = runtime({ ...BASE_ENV, NODE_DEBUG_NATIVE: 'CODE_CACHE' }, RUNTIME_V8_FLAGS);
    await process.listening();
    expect(process.output().stderr).toMatch(/Code cache of _http_server .*is accepted/);
  });

  it('fails to start with one stderr line and exit 1 when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const process = runtime({ ...BASE_ENV, AGENT_WORKBENCH_RUNTIME_PORT: String(port) });
      expect(await process.exited).toBe(1);
      const { stderr } = process.output();
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(new RegExp(`Port ${port} .*already in use`));
    } finally {
      blocker.close();
    }
  });

  it('a second runtime on the same data dir refuses with one line naming the first', async () => {
    const first = runtime(BASE_ENV);
    await first.listening();
    const second = runtime(BASE_ENV);
    expect(await second.exited).toBe(1);
    const { stderr } = second.output();
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(
      `Another Agent Workbench runtime (pid ${first.child.pid}) is using the data dir`,
    );
  });

  it('exits when the pipe from its launcher closes (the launcher died)', async () => {
    const child = spawn(process.execPath, ['--import', TSX, MAIN], {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dataDir,
        AGENT_WORKBENCH_DATA_DIR: dataDir,
        ...BASE_ENV,
        AGENT_WORKBENCH_PARENT_PIPE: '1',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve) =>
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve()),
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin?.end();
    expect(await exited).toBe(0);
  });

  it('fails to start with one clear line for a corrupt settings.json or no session key', async () => {
    await writeFile(join(dataDir, 'settings.json'), '{ not json');
    const corrupt = runtime(BASE_ENV);
    expect(await corrupt.exited).toBe(1);
    expect(corrupt.output().stderr.trim().split('\n')).toHaveLength(1);
    expect(corrupt.output().stderr).toMatch(/settings\.json is not valid JSON/);

    const noKey = runtime({ AGENT_WORKBENCH_RUNTIME_PORT: '0' });
    expect(await noKey.exited).toBe(1);
    expect(noKey.output().stderr).toMatch(/AGENT_WORKBENCH_SESSION_KEY/);
  });
});
