import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port';
import { isProcessAlive, waitUntilProcessGone } from './testing/process-gone';
import { spawnLauncher } from './testing/spawn-launcher';
import { isolatedEnv, startTestWorkbench, type TestWorkbench } from './testing/start-test-workbench';

// Audit item 8: a launcher killed with SIGKILL left its runtime serving, and a second launcher then
// started a second runtime on the same database.
const started: TestWorkbench[] = [];
afterEach(async () => {
  for (const workbench of started.splice(0)) await workbench.cleanup();
});

describe('runtime lifecycle', () => {
  it('the runtime and the automation service exit when their launcher is killed with SIGKILL', async () => {
    const workbench = await startTestWorkbench();
    started.push(workbench);
    const runtimePid = workbench.runtimePid();
    const automationPid = workbench.automationPid();
    expect(runtimePid !== undefined && isProcessAlive(runtimePid)).toBe(true);
    expect(automationPid !== undefined && isProcessAlive(automationPid)).toBe(true);
    workbench.launcher.child.kill('SIGKILL');
    await workbench.launcher.exited;
    expect(await waitUntilProcessGone(runtimePid ?? 0, 5_000)).toBe(true);
    // The automation service holds the same lifeline: it goes too.
    expect(await waitUntilProcessGone(automationPid ?? 0, 5_000)).toBe(true);
  });

  it('a second launcher on the same data dir refuses with one clear line and exit code 1', async () => {
    const first = await startTestWorkbench();
    started.push(first);
    const args = ['--no-open', '--port', String(await freePort())];
    args.push('--runtime-port', String(await freePort()), '--data-dir', first.dataDir);
    args.push('--automation-port', String(await freePort()));
    args.push('--workspace', first.workspace);
    const second = spawnLauncher(args, { env: isolatedEnv(), cwd: first.workspace });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.stderrLines).toEqual([
      `agent-workbench: another Agent Workbench runtime (pid ${first.runtimePid()}) is using the data dir ${first.dataDir}; stop it, or pass --data-dir with another folder`,
    ]);
    expect(second.stdoutLines).toEqual([]);
    // The first one is untouched.
    expect((await fetch(`http://127.0.0.1:${first.port}/server_info`)).status).toBe(200);
  });

  it('reaches the runtime over TCP when the data dir is too deep for a Unix socket address', async () => {
    const root = await mkdtemp(join(tmpdir(), 'awb-long-'));
    // Past Linux's 107 bytes once sockets/runtime.sock is added.
    const dataDir = join(root, 'd'.repeat(100));
    const key = 'k'.repeat(64);
    const workbench = await startTestWorkbench({
      args: ['--data-dir', dataDir],
      env: { AGENT_WORKBENCH_SESSION_KEY: key },
    });
    started.push(workbench);
    try {
      const response = await fetch(`${workbench.url}/api/conversations/search`, {
        headers: { 'X-Session-API-Key': key },
      });
      expect(response.status).toBe(200);
      expect(existsSync(join(dataDir, 'runtime.pid'))).toBe(true);
      expect(existsSync(join(dataDir, 'sockets'))).toBe(false);
    } finally {
      await workbench.cleanup();
      await rm(root, { recursive: true, force: true });
    }
  });
});
