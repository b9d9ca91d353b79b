import { createHash } from 'node:crypto';
import type Docker from 'dockerode';
import type { TerminalLimitSettings } from '../limit-notices';
import type { SandboxNetworkOptions } from '../sandbox-network';
import { isInside } from '../toolchain-roots';
import { realHostView } from '../host-view';
import type { ConfinedRunner, SandboxBackend } from '../sandbox-backend';
import { createContainerRunner } from './container-run';
import { CONTAINER_LABEL } from './container-spec';
import { containerUser } from './container-user';
import { createDockerBackend } from './docker-backend';
import { loadDockerClient } from './load-docker-client';

export interface DockerSandboxesOptions {
  dataDir: string;
  /** The image of a conversation or runner that names none. */
  image: () => string;
  /** Workspaces the runtime made (the launcher's --workspace): a root-owned one is handed to uid 1000. */
  ownWorkspaces: () => readonly string[];
  /** Default: the daemon of DOCKER_HOST, else the local socket (the client loads on first use). */
  docker?: Docker;
  /**
   * The runtime's name among several on one data dir (AGENT_WORKBENCH_RUNTIME_NAME; absent for the
   * first): part of the owner label, so one runtime's sweep never removes another's live containers.
   */
  runtimeName?: string;
}

export interface ConversationSandboxRequest {
  conversationId: string;
  /** The conversation's image; absent: the default one. */
  image?: string;
  workspaceDir: string;
  exposedPaths: readonly string[];
  network: SandboxNetworkOptions | undefined;
  limits: TerminalLimitSettings;
  cpus: number | undefined;
  /** The settings' deny list, expanded: masked where it lies inside the workspace. */
  denyPaths: readonly string[];
}

/**
 * The Docker side of one runtime: a backend per conversation, the runner of confined git calls, and
 * the sweep that removes the containers a crashed run of this runtime (same data dir and runtime name)
 * left behind, and that clears them all when the runtime stops.
 */
export interface DockerSandboxes {
  backend(request: ConversationSandboxRequest): SandboxBackend;
  /** Runs each call in a container of its own from `image` (absent: the default one). */
  runner(limits: TerminalLimitSettings, cpus: number | undefined, image?: string): ConfinedRunner;
  /** Removes every container labelled as this runtime's; the count removed. Never throws. */
  sweepStale(): Promise<number>;
}

export function createDockerSandboxes(options: DockerSandboxesOptions): DockerSandboxes {
  let client = options.docker;
  // Loaded when a container is first needed: a runtime whose conversations all run in bubblewrap never loads it.
  const docker = (): Docker => {
    client ??= loadDockerClient();
    return client;
  };
  const owner = containerOwner(options.dataDir, options.runtimeName);
  const adopt = (workspaceDir: string) =>
    options.ownWorkspaces().some((own) => isInside(workspaceDir, realHostView.realPath(own)));
  return {
    backend: (request) =>
      createDockerBackend({
        docker: docker(),
        image: request.image ?? options.image(),
        owner,
        conversationId: request.conversationId,
        workspaceDir: request.workspaceDir,
        exposedPaths: request.exposedPaths,
        dataDir: options.dataDir,
        denyPaths: request.denyPaths,
        ...(request.network === undefined ? {} : { network: request.network }),
        limits: request.limits,
        ...(request.cpus === undefined ? {} : { cpus: request.cpus }),
        adoptRootOwned: adopt(realHostView.realPath(request.workspaceDir)),
      }),
    runner: (limits, cpus, image) =>
      createContainerRunner({
        docker: docker(),
        image: image ?? options.image(),
        owner,
        user: (workspaceDir) => containerUser(workspaceDir, adopt(workspaceDir)),
        maxProcesses: limits.maxProcesses,
        maxMemoryMb: limits.maxMemoryMb,
        cpus,
      }),
    async sweepStale() {
      try {
        const stale = await docker().listContainers({
          all: true,
          filters: { label: [`${CONTAINER_LABEL}=${owner}`] },
        });
        await Promise.all(stale.map((found) => docker().getContainer(found.Id).remove({ force: true })));
        return stale.length;
      } catch {
        // No daemon now: nothing can be swept, and the first command says what to do.
        return 0;
      }
    },
  };
}

/** The owner label of a runtime's containers: its data dir (real path) and name, hashed. */
export function containerOwner(dataDir: string, runtimeName?: string): string {
  return createHash('sha256')
    .update(`${realHostView.realPath(dataDir)}\u0000${runtimeName ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}
