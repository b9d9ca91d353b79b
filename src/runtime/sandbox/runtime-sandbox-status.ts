import type Docker from 'dockerode';
import { type SandboxStatus, sandboxStatus } from './bubblewrap/sandbox-status';
import { dockerRefusal, START_DAEMON_HINT } from './docker/docker-readiness';
import { loadDockerClient } from './docker/load-docker-client';
import { sandboxChoice } from './sandbox-choice';
import type { SandboxSettings } from './sandbox-settings';

/** The status of the runtime's default sandbox, and which backend that is (absent when it is off). */
export type RuntimeSandboxStatus = SandboxStatus & { backend?: 'bubblewrap' | 'docker' };

/** How long the settings page waits for the daemon before it says it does not answer. */
const DAEMON_WAIT_MS = 3_000;

let client: Docker | undefined;

/**
 * Whether new conversations can run commands, for the settings page's banner, with the default the
 * launcher and the settings choose now: bubblewrap installed or not; for docker, the daemon answering
 * (within a few seconds) and having the image, each refusal with what to do. The Docker client is
 * loaded only when the default is docker. Never throws.
 */
export async function runtimeSandboxStatus(
  env: NodeJS.ProcessEnv,
  settings: SandboxSettings,
  options: { docker?: () => Docker; waitMs?: number } = {},
): Promise<RuntimeSandboxStatus> {
  const choice = sandboxChoice(env, settings);
  if (choice.kind === 'none') return { kind: 'disabled' };
  if (choice.kind === 'bubblewrap') return { ...sandboxStatus(env), backend: 'bubblewrap' };
  const docker = options.docker?.() ?? defaultClient();
  const waitMs = options.waitMs ?? DAEMON_WAIT_MS;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          `The Docker daemon does not answer within ${waitMs / 1000} s, so commands are disabled: ${START_DAEMON_HINT}.`,
        ),
      waitMs,
    );
  });
  const refusal = await Promise.race([dockerRefusal(docker, choice.image), late]).finally(() =>
    clearTimeout(timer),
  );
  return refusal === undefined
    ? { kind: 'sandboxed', backend: 'docker' }
    : { kind: 'missing', backend: 'docker', detail: refusal };
}

/** The client of DOCKER_HOST (else the local socket), loaded on the first docker status asked. */
function defaultClient(): Docker {
  client ??= loadDockerClient();
  return client;
}
