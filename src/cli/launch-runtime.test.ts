import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchRuntime } from './launch-runtime';
import { isProcessAlive, waitUntilProcessGone } from './testing/process-gone';
import { answersOk } from './wait-until-healthy';

// Throwaway runtimes: tiny scripts that behave well or badly on purpose.
const HEALTHY = `
const { spawn } = require('node:child_process');
const http = require('node:http');
// A grandchild in the same process group, to prove stop() takes the whole group down.
const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log('grandchild ' + grandchild.pid);
console.error('runtime warming up');
http.createServer((request, response) => response.end('{}')).listen(Number(process.env.PORT), '127.0.0.1');
`;
const CRASHING = `console.error('boom: cannot open database'); process.exit(1);`;
// Says it listens, as the real runtime does once it does, but its probe never answers 200.
const SAYS_LISTENING = `
const http = require('node:http');
http.createServer((request, response) => { response.statusCode = 503; response.end(); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('Agent Workbench runtime listening on http://127.0.0.1:' + process.env.PORT));
`;
const SILENT = `require('node:fs').writeFileSync(process.env.PID_FILE, String(process.pid)); setInterval(() => {}, 1000);`;

let tempDir: string;

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'start-runtime-test-'));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function launch(source: string, port: number, healthTimeoutMs = 10_000) {
  const name = `runtime-${Math.random().toString(36).slice(2)}`;
  const script = join(tempDir, `${name}.cjs`);
  const pidFile = join(tempDir, `${name}.pid`);
  await writeFile(script, source);
  const logs: string[] = [];
  const errors: string[] = [];
  const result = await launchRuntime(
    {
      command: {
        command: process.execPath,
        args: [script],
        cwd: tempDir,
        env: { ...process.env, PORT: String(port), PID_FILE: pidFile },
      },
      host: '127.0.0.1',
      port,
      logPath: '/data/runtime.log',
      healthTimeoutMs,
    },
    { log: (line) => logs.push(line), error: (line) => errors.push(line) },
  );
  return { result, logs, errors, pidFile };
}

describe('launchRuntime', () => {
  it('waits for /server_info, forwards output, and stop() ends the whole process group', async () => {
    const port = await freePort();
    const { result, logs, errors } = await launch(HEALTHY, port);
    if (!result.ok) throw new Error(result.message);
    expect(await answersOk(new URL(`http://127.0.0.1:${port}/server_info`), 1000)).toBe(true);
    expect(errors).toContain('runtime warming up');
    const grandchildPid = Number(logs.find((line) => line.startsWith('grandchild '))?.split(' ')[1]);
    expect(isProcessAlive(grandchildPid)).toBe(true);

    await result.runtime.stop();
    expect(result.runtime.pid !== undefined && isProcessAlive(result.runtime.pid)).toBe(false);
    expect(await waitUntilProcessGone(grandchildPid, 1_000)).toBe(true);
  });

  it("takes the runtime's ready line on stdout as its cue, without waiting for /server_info", async () => {
    const { result, logs } = await launch(SAYS_LISTENING, await freePort());
    if (!result.ok) throw new Error(result.message);
    // Still written to the runtime's log like any other line.
    expect(logs.some((line) => line.startsWith('Agent Workbench runtime listening on'))).toBe(true);
    await result.runtime.stop();
  });

  it('reports a runtime that exits during startup, with its stderr passed on', async () => {
    const { result, errors } = await launch(CRASHING, await freePort());
    expect(result).toEqual({
      ok: false,
      message: 'the runtime exited during startup (code 1); see its error above or /data/runtime.log',
    });
    expect(errors).toEqual(['boom: cannot open database']);
  });

  it('gives up on a runtime that never becomes healthy and leaves nothing running', async () => {
    const { result, pidFile } = await launch(SILENT, await freePort(), 600);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/did not answer \/server_info within 1 s/);
    expect(isProcessAlive(Number(await readFile(pidFile, 'utf8')))).toBe(false);
  });

  it('refuses a busy runtime port before spawning anything', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { result, logs } = await launch(HEALTHY, port);
    blocker.close();
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toMatch(new RegExp(`runtime port ${port} is already in use.*--runtime-port`));
    expect(logs).toEqual([]);
  });
});
