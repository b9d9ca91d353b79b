import { createRequire } from 'node:module';
import type Docker from 'dockerode';

/**
 * A client of the daemon DOCKER_HOST names (else the local socket), its package read now: dockerode
 * and what it loads (ssh2, the modem) take a noticeable part of a second, paid only by a runtime
 * that runs a conversation in a container. Synchronous, so a toolset can be made where it is asked for.
 */
export function loadDockerClient(): Docker {
  const DockerClient = createRequire(import.meta.url)('dockerode') as typeof Docker;
  return new DockerClient();
}
