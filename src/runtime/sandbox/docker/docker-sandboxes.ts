import { createHash } from 'node:crypto';
import type Docker from 'dockerode';
import type { TerminalLimitSettings } from '../limit-notices';
import type { SandboxNetworkOptions } from '../sandbox-network';
import { isInside } from '../toolchain-roots';
import { realHostView } from '../host-view';
import type { ConfinedRunner, SandboxBackend } from '../sandbox-backend';
import { createContainerRunner } from './container-run';
import { CONTAINER_LABEL } from './container-spec';
import { branchesSource } from '../branch-folder-names';
import { type ContainerUserId, containerUser, FALLBACK_CONTAINER_USER, intendedUser } from './container-user';
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
    adoptTo(realHostView.realPath(workspaceDir), options.ownWorkspaces());
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
        adoptRootOwned: adopt(request.workspaceDir),
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

/**
 * Whom a root-owned folder the runtime made is handed to; undefined for a folder a person picked.
 * The runtime's own workspaces go to uid 1000. A branch folder (`<source>.branches/<id>`, a fork's
 * own copy) or a conversation's worktree (`<repository>.worktrees/<id>`) holds the source's files, so
 * it goes to whoever runs the source's commands: under a runtime running as root the runtime made it
 * root's, and the container would otherwise refuse it. Forks of forks follow the chain up.
 */
export function adoptTo(
  folder: string,
  ownWorkspaces: readonly string[],
  depth = 0,
): ContainerUserId | undefined {
  if (ownWorkspaces.some((own) => isInside(folder, realHostView.realPath(own))))
    return FALLBACK_CONTAINER_USER;
  const source = branchesSource(folder);
  if (source === undefined || depth >= MAX_BRANCH_DEPTH) return undefined;
  // A repository holding one of the runtime's workspaces: its branches are that workspace's copies.
  const holdsOwn = ownWorkspaces.some((own) => isInside(realHostView.realPath(own), source));
  try {
    const sourceAdopted =
      adoptTo(source, ownWorkspaces, depth + 1) ?? (holdsOwn ? FALLBACK_CONTAINER_USER : undefined);
    // Read only: the source's owner, never a change to the source.
    const user = intendedUser(source, sourceAdopted);
    return 'refused' in user ? undefined : { uid: user.uid, gid: user.gid };
  } catch {
    // The source is gone: nothing says whose its branches are.
    return undefined;
  }
}

/** Forks of forks of forks…: past this many, a root-owned branch is refused like a person's folder. */
const MAX_BRANCH_DEPTH = 16;
