import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { waitUntilProcessGone } from './process-gone';
import { type LauncherProcess, spawnLauncher } from './spawn-launcher';
import { isolatedEnv } from './start-test-workbench';

export interface TestAgentServer {
  /** http://127.0.0.1:<port>, the runtime itself (no ingress). */
  url: string;
  port: number;
  /** The key given as upstream's OH_SESSION_API_KEYS_0. */
  sessionKey: string;
  dataDir: string;
  workspace: string;
  process: LauncherProcess;
  /** SIGTERM, wait for the exit, remove the temp folders. */
  cleanup(): Promise<void>;
}

const LISTENING_LINE = /^Agent Workbench runtime listening on (http:\/\/\S+)$/;

/** The real `agent-workbench agent-server` on a free port with a temp data dir and workspace. */
export async function startTestAgentServer(
  options: { args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<TestAgentServer> {
  const root = await mkdtemp(join(tmpdir(), 'agent-server-test-'));
  const dataDir = join(root, 'data');
  const workspace = join(root, 'workspace');
  await mkdir(workspace);
  const port = await freePort();
  const sessionKey = randomBytes(16).toString('hex');
  const args = ['agent-server', '--port', String(port), '--data-dir', dataDir, '--workspace', workspace];
  const child = spawnLauncher([...args, ...(options.args ?? [])], {
    env: { ...isolatedEnv(), OH_SESSION_API_KEYS_0: sessionKey, ...options.env },
    cwd: workspace,
  });
  const cleanup = async () => {
    child.child.kill('SIGTERM');
    await child.exited;
    await waitUntilProcessGone(child.pid, 1_000);
    await rm(root, { recursive: true, force: true });
  };
  try {
    await child.waitForStdout(LISTENING_LINE, 30_000);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, port, sessionKey, dataDir, workspace, process: child, cleanup };
}
