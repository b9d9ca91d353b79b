import { FALLBACK_CONTAINER_USER } from '../../src/runtime/sandbox/docker/container-user';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type Docker from 'dockerode';
import { createDockerBackend } from '../../src/runtime/sandbox/docker/docker-backend';
import type { SandboxBackend } from '../../src/runtime/sandbox/sandbox-backend';
import { DEFAULT_SANDBOX_IMAGE } from '../../src/runtime/sandbox/sandbox-kind';
import type { TerminalSession } from '../../src/runtime/tools/terminal/terminal-session';

/** A docker conversation's backend for the sandbox benchmarks: a fresh id, the default image. */
export function benchDockerBackend(docker: Docker, workspaceDir: string): SandboxBackend {
  return createDockerBackend({
    docker,
    image: DEFAULT_SANDBOX_IMAGE,
    owner: 'agent-workbench-bench',
    conversationId: `bench-${Date.now()}`,
    workspaceDir,
    dataDir: join(workspaceDir, '..', 'awb-bench-data'),
    adoptRootOwned: FALLBACK_CONTAINER_USER,
  });
}

/** Milliseconds of one `echo hi` in the session's shell; throws when it does not complete. */
export async function timeEcho(session: TerminalSession): Promise<number> {
  const started = performance.now();
  const result = await session.run(
    { kind: 'command', command: 'echo hi' },
    { noOutputTimeoutMs: 30_000, signal: new AbortController().signal },
  );
  if (result.ending !== 'completed')
    throw new Error(`echo hi ended ${result.ending}: ${result.notices.join(' ')}`);
  return performance.now() - started;
}
