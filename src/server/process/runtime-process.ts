import { PARENT_PIPE_VARIABLE, readRuntimeEnv, StartupError } from './runtime-env';
import { type RunningRuntime, startRuntime } from './start-runtime';
import { acceptHandedConnections } from '../http/handed-connections';

const CLOSE_DEADLINE_MS = 2_500;

/**
 * The runtime process (NAMES.md "Runtime process"): configuration from the environment, listen,
 * one ready line on stdout; a startup failure is one line on stderr and exit 1; SIGTERM or SIGINT
 * close everything and exit 0 within 3 s.
 */
export async function runRuntimeProcess(): Promise<void> {
  let runtime: RunningRuntime;
  try {
    const env = readRuntimeEnv(process.env, process.cwd());
    runtime = await startRuntime(env, {
      logger: { level: process.env.AGENT_WORKBENCH_LOG_LEVEL || 'warn', stream: process.stderr },
    });
  } catch (error) {
    const message =
      error instanceof StartupError ? error.message : `Runtime failed to start: ${String(error)}`;
    process.stderr.write(`agent-workbench runtime: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
    process.exit(1);
  }
  // Spawned by the launcher with an IPC channel: its ingress hands browser connections over it.
  if (process.channel) acceptHandedConnections(runtime.app.server);
  // The launcher takes this line as the runtime's readiness (LISTENING_LINE, src/cli/spawn-runtime.ts).
  process.stdout.write(`Agent Workbench runtime listening on ${runtime.url}\n`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    // Whatever happens in close(), the process is gone before the launcher's patience runs out.
    setTimeout(() => process.exit(0), CLOSE_DEADLINE_MS).unref();
    runtime.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  if (process.env[PARENT_PIPE_VARIABLE] === '1') exitWhenParentDies(shutdown);
}

/**
 * The launcher holds the write end of our stdin. When it dies, even by SIGKILL, the pipe closes and
 * the runtime (with every terminal it started) goes too, instead of serving on without its launcher.
 */
function exitWhenParentDies(shutdown: () => void): void {
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  // A read error on a broken pipe means the same thing.
  process.stdin.on('error', shutdown);
  process.stdin.resume();
}
