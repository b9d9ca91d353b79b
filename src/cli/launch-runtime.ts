import { checkPortFree } from './check-port-free';
import { type RuntimeCommand, type RuntimeOutput, type RuntimeProcess, spawnRuntime } from './spawn-runtime';
import { FALLBACK_INTERVAL_MS, HEALTH_TIMEOUT_MS, waitUntilHealthy } from './wait-until-healthy';

export interface LaunchRuntimeOptions {
  command: RuntimeCommand;
  host: string;
  port: number;
  /** Where the full runtime output is kept, named in failure messages. */
  logPath: string;
  healthTimeoutMs?: number;
  /** Called as soon as the process exists, before it is healthy, so a shutdown can reach it. */
  onSpawn?: (runtime: RuntimeProcess) => void;
  /** Which child this is, for its probe and its messages; default the runtime. */
  child?: ChildKind;
}

/** A child process the launcher starts: what to call it, where it answers health, which flag sets its port. */
export interface ChildKind {
  name: string;
  healthPath: string;
  portFlag: string;
}

export const RUNTIME_CHILD: ChildKind = {
  name: 'runtime',
  healthPath: '/server_info',
  portFlag: '--runtime-port',
};
export const AUTOMATION_CHILD: ChildKind = {
  name: 'automation service',
  healthPath: '/health',
  portFlag: '--automation-port',
};

export type LaunchRuntimeResult = { ok: true; runtime: RuntimeProcess } | { ok: false; message: string };

/**
 * Spawns the runtime and waits until it is healthy. On any failure nothing is left running and the
 * message is one line naming the cause and the fix.
 */
export async function launchRuntime(
  options: LaunchRuntimeOptions,
  output: RuntimeOutput,
): Promise<LaunchRuntimeResult> {
  const child = options.child ?? RUNTIME_CHILD;
  const portProblem = await checkPortFree(options.host, options.port);
  if (portProblem) return { ok: false, message: describePortProblem(child, options.port, portProblem) };

  const runtime = spawnRuntime(options.command, output);
  options.onSpawn?.(runtime);
  const timeoutMs = options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS;
  const health = await waitUntilHealthy(`http://${options.host}:${options.port}`, {
    timeoutMs,
    intervalMs: FALLBACK_INTERVAL_MS,
    exited: runtime.exited,
    listening: runtime.listening,
    path: child.healthPath,
  });
  if (health === 'healthy') return { ok: true, runtime };

  const exit = await runtime.stop();
  if (health === 'exited') {
    const how = exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
    return {
      ok: false,
      message: `the ${child.name} exited during startup (${how}); see its error above or ${options.logPath}`,
    };
  }
  return {
    ok: false,
    message: `the ${child.name} did not answer ${child.healthPath} within ${Math.round(timeoutMs / 1000)} s; see ${options.logPath}`,
  };
}

export function describePortProblem(child: ChildKind, port: number, code: string): string {
  if (code === 'EADDRINUSE') {
    return `${child.name} port ${port} is already in use (another Agent Workbench?); stop that process or pass ${child.portFlag} with a free port`;
  }
  return `${child.name} port ${port} cannot be used (${code}); pass ${child.portFlag} with another port`;
}
