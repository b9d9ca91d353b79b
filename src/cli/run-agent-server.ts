import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { loadSessionKey } from './load-session-key';
import type { AgentServerOptions } from './parse-agent-server-args';
import { prepareDataDir } from './prepare-data-dir';
import { resolveLaunchPaths } from './resolve-launch-paths';
import { runtimeCommand } from './runtime-command';

/** upstream's name for its first session key (openhands-agent-server reads OH_SESSION_API_KEYS_<n>). */
export const UPSTREAM_SESSION_KEY_VARIABLE = 'OH_SESSION_API_KEYS_0';

export interface AgentServerIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  homeDir: string;
  stderr: (line: string) => void;
  shutdownRequested: Promise<NodeJS.Signals>;
}

/**
 * `agent-workbench agent-server`: the runtime process alone, in the foreground, as openhands-agent-server
 * runs (no ingress, no web app, no automation service, no restarts). The key is upstream's
 * OH_SESSION_API_KEYS_0, else ours (AGENT_WORKBENCH_SESSION_KEY, else the data dir's session-key file):
 * unlike upstream, there is never a runtime without a key. Resolves with the runtime's exit code.
 */
export async function runAgentServer(options: AgentServerOptions, io: AgentServerIo): Promise<number> {
  if (options.public && !sessionKeyFromEnv(io.env)) {
    io.stderr(
      `agent-workbench: --public needs ${UPSTREAM_SESSION_KEY_VARIABLE} or AGENT_WORKBENCH_SESSION_KEY set`,
    );
    return 2;
  }
  const paths = await resolveLaunchPaths(options, io);
  if (!paths.ok) return fail(io, paths.message);
  const dataDir = await prepareDataDir(paths.dataDir);
  if (!dataDir.ok) return fail(io, dataDir.message);
  const fromEnv = sessionKeyFromEnv(io.env);
  const key = await loadSessionKey(paths.dataDir, fromEnv ? { AGENT_WORKBENCH_SESSION_KEY: fromEnv } : {});
  if (!key.ok) return fail(io, key.message);
  const command = runtimeCommand({
    cwd: io.cwd,
    env: withoutUpstreamKeys(io.env),
    host: options.host,
    port: options.port,
    dataDir: paths.dataDir,
    workspace: paths.workspace,
    sessionKey: key.sessionKey,
    allowedOrigins: options.allowOrigins,
    // No automation service runs beside it: a key nobody holds.
    automationKey: randomBytes(32).toString('base64url'),
    databaseUrl: options.databaseUrl ?? (io.env.AGENT_WORKBENCH_DATABASE_URL?.trim() || undefined),
  });
  const child = spawn(command.command, command.args, {
    cwd: command.cwd,
    env: command.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', (error) => {
      io.stderr(`agent-workbench: the runtime could not start: ${error.message}`);
      resolve(1);
    });
  });
  void io.shutdownRequested.then((signal) => child.kill(signal));
  return exited;
}

function sessionKeyFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  return env[UPSTREAM_SESSION_KEY_VARIABLE]?.trim() || env.AGENT_WORKBENCH_SESSION_KEY?.trim() || undefined;
}

/** The key reaches the runtime as AGENT_WORKBENCH_SESSION_KEY; the agent's commands never see either name. */
function withoutUpstreamKeys(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('OH_SESSION_API_KEYS_')));
}

function fail(io: AgentServerIo, message: string): number {
  io.stderr(`agent-workbench: ${message}`);
  return 1;
}
