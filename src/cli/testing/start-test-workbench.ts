import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { automationPidOf, runtimePidOf } from './child-pids';
import { freePort, freePortRange } from './free-port';
import { waitUntilProcessGone } from './process-gone';
import { type LauncherProcess, spawnLauncher } from './spawn-launcher';

export interface TestWorkbench {
  /** The ingress origin, e.g. http://127.0.0.1:41234 (no token, no trailing slash). */
  url: string;
  /**
   * The URL the ready line printed: `<url>/?token=…`, which logs one browser in once. With --public
   * there is no token and it equals `url`.
   */
  loginUrl: string;
  port: number;
  runtimePort: number;
  automationPort: number;
  dataDir: string;
  workspace: string;
  sessionKey: string;
  launcher: LauncherProcess;
  /** The runtime child's pid right now (it changes after a restart). */
  runtimePid(): number | undefined;
  /** The automation service child's pid right now (it changes after a restart). */
  automationPid(): number | undefined;
  /** SIGTERM to the launcher; resolves with its exit once it and the runtime are gone. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; runtimeGone: boolean }>;
  /** Stops (if still running) and removes the temp folders. */
  cleanup(): Promise<void>;
}

export const READY_LINE = /^Agent Workbench ready at (http:\/\/\S+)$/;

/**
 * The real launcher with free ports, a temp data dir and workspace, and no browser; resolves once the
 * ready line is out. Throws with the launcher's output when it does not get ready.
 */
export async function startTestWorkbench(options: StartOptions = {}): Promise<TestWorkbench> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      // A free port found here can be taken by a test running in parallel before the launcher binds
      // it: that is the test machine's race, not the launcher's failure, so pick new ports.
      if (attempt >= 3 || !/already in use/.test(String(error))) throw error;
    }
  }
}

type StartOptions = {
  env?: NodeJS.ProcessEnv;
  args?: string[];
  readyTimeoutMs?: number;
  /** Flags for the launcher's own node (as package.json's `start` passes them); none by default. */
  nodeFlags?: string[];
};

async function startOnce(options: StartOptions): Promise<TestWorkbench> {
  const root = await mkdtemp(join(tmpdir(), 'workbench-test-'));
  const dataDir = join(root, 'data');
  const workspace = join(root, 'workspace');
  await mkdir(workspace);
  const runtimesFlag = options.args?.indexOf('--runtimes') ?? -1;
  const runtimes = runtimesFlag >= 0 ? Number(options.args?.[runtimesFlag + 1]) || 1 : 1;
  const port = await freePort();
  const runtimePort = await freePortRange(runtimes);
  let automationPort = await freePort();
  while (automationPort >= runtimePort && automationPort < runtimePort + runtimes)
    automationPort = await freePort();
  const args = ['--no-open', '--port', String(port), '--runtime-port', String(runtimePort)];
  args.push('--automation-port', String(automationPort));
  args.push('--data-dir', dataDir, '--workspace', workspace, ...(options.args ?? []));
  const launcher = spawnLauncher(args, {
    env: { ...isolatedEnv(), ...options.env },
    cwd: workspace,
    nodeFlags: options.nodeFlags ?? [],
  });

  const runtimePid = () => runtimePidOf(launcher.pid);
  const automationPid = () => automationPidOf(launcher.pid);
  let stopped: Awaited<ReturnType<TestWorkbench['stop']>> | undefined;
  const stop = async () => {
    if (stopped) return stopped;
    const runtimeBefore = runtimePid();
    launcher.child.kill('SIGTERM');
    const exit = await launcher.exited;
    const runtimeGone = runtimeBefore === undefined || (await waitUntilProcessGone(runtimeBefore, 1_000));
    stopped = { ...exit, runtimeGone };
    return stopped;
  };
  const cleanup = async () => {
    await stop();
    await rm(root, { recursive: true, force: true });
  };

  try {
    const ready = await launcher.waitForStdout(READY_LINE, options.readyTimeoutMs ?? 30_000);
    const sessionKey =
      options.env?.AGENT_WORKBENCH_SESSION_KEY ??
      (await readFile(join(dataDir, 'session-key'), 'utf8')).trim();
    const loginUrl = ready[1] ?? '';
    await waitForAutomations(new URL(loginUrl).origin, options.readyTimeoutMs ?? 30_000, launcher);
    return {
      url: new URL(loginUrl).origin,
      loginUrl,
      port,
      runtimePort,
      automationPort,
      dataDir,
      workspace,
      sessionKey,
      launcher,
      runtimePid,
      automationPid,
      stop,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * The automation service starts once the runtime answers and the ready line does not wait for it;
 * until it listens the ingress answers its prefix with 502. Tests start from a whole workbench.
 */
async function waitForAutomations(
  origin: string,
  timeoutMs: number,
  launcher: LauncherProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const status = await fetch(`${origin}/api/automation/automations`).then(
      async (response) => {
        last = `${response.status} ${(await response.text()).slice(0, 200)}`;
        return response.status;
      },
      (error: Error) => {
        last = `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}`;
        return 0;
      },
    );
    if (status !== 502 && status !== 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // What the launcher said is the likeliest why (a port taken meanwhile, a service that exited).
  const exit = launcher.child.exitCode ?? launcher.child.signalCode ?? 'running';
  throw new Error(
    `the automation service did not answer within ${timeoutMs} ms (last: ${last.trim()}; launcher: ${exit})\n` +
      launcher.stderrLines.slice(-15).join('\n'),
  );
}

/** The test's environment without the person's own workbench settings leaking in. */
export function isolatedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.AGENT_WORKBENCH_SESSION_KEY;
  delete env.AGENT_WORKBENCH_DATA_DIR;
  // A title call would take a turn of the scripted mock model out of order; unit tests cover titles.
  env.AGENT_WORKBENCH_MODEL_TITLES = '0';
  return env;
}
