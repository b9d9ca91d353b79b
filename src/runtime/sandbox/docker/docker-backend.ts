import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { DEFAULT_TERMINAL_LIMITS, type TerminalLimitSettings } from '../limit-notices';
import { type SandboxNetworkOptions, sandboxNetwork } from '../sandbox-network';
import { BASH_ARGUMENTS, PERSON_BASH_ARGUMENTS } from '../bash-arguments';
import { realHostView } from '../host-view';
import type { SandboxBackend, SandboxLimits, ShellRequest } from '../sandbox-backend';
import { CONTAINER_HOME } from './container-spec';
import { startContainerPiped } from './container-piped';
import { startContainerPty } from './container-pty';
import { chownTree, type ContainerUser, type ContainerUserId, containerUser } from './container-user';
import { type ConversationContainer, createConversationContainer } from './conversation-container';
import { adoptWorkspace } from './adopt-workspace';
import { dockerRefusal } from './docker-readiness';
import { containerLimitCounters } from './container-limit-counters';
import { workspaceMasks } from './workspace-masks';

/** A container with no shell in it for this long is removed; the next command starts a new one. */
export const DEFAULT_CONTAINER_IDLE_MS = 15 * 60_000;
/** How long a killed shell's container is watched for having stopped with it (20 × 100 ms). */
const STOP_POLLS = 20;
const STOP_POLL_MS = 100;

export interface DockerBackendOptions {
  docker: Docker;
  image: string;
  /** Label value naming the runtime (its data dir's hash): the stale-container sweep removes only its own. */
  owner: string;
  conversationId: string;
  workspaceDir: string;
  /** The runtime's data dir and home, and more paths, masked where they lie inside the workspace. */
  dataDir: string;
  homeDir?: string;
  denyPaths?: readonly string[];
  /** Shown read-only at the same path (the conversation's saved outputs); made and given to the commands' user. */
  exposedPaths?: readonly string[];
  network?: SandboxNetworkOptions;
  limits?: TerminalLimitSettings;
  cpus?: number;
  /**
   * The workspace is one the runtime made (not a folder a person picked): root-owned, it is handed to
   * this user (uid 1000 for its own workspace, the source's owner for a branch folder). Absent: refused.
   */
  adoptRootOwned?: ContainerUserId;
  idleMs?: number;
  /** Tests: another host folder bound at the workspace's path (a daemon that does not share it). */
  workspaceSource?: string;
}

/**
 * A conversation's commands in one Docker container (conversation-container.ts): each shell an
 * exec on a tty of its own in it (a stdio MCP server an exec with piped stdio), as a user that is never root, with the proxy variables when the
 * conversation has a network. The container is made on the first shell, removed after `idleMs`
 * without a shell and on dispose.
 */
export function createDockerBackend(options: DockerBackendOptions): SandboxBackend {
  const limits = options.limits ?? DEFAULT_TERMINAL_LIMITS;
  const workspaceDir = realHostView.realPath(options.workspaceDir);
  let user: ContainerUser | undefined;
  let scriptsDir: string | undefined;
  let container: ConversationContainer | undefined;
  let liveShells = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let disposed = false;
  /** Set once a container ran; then a daemon that stops answering is a loss the run pauses for. */
  let everStarted = false;
  let lostReason: string | undefined;

  const userNow = (): ContainerUser => {
    user ??= containerUser(workspaceDir, options.adoptRootOwned);
    return user;
  };
  const ensureScriptsDir = (): string => {
    scriptsDir ??= mkdtempSync(join(tmpdir(), 'awb-container-'));
    return scriptsDir;
  };
  const ensureContainer = (found: { uid: number; gid: number }): ConversationContainer => {
    container ??= newConversationContainer(options, workspaceDir, limits, {
      user: { uid: found.uid, gid: found.gid },
      scriptsDir: ensureScriptsDir(),
    });
    return container;
  };
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    if (liveShells > 0 || disposed) return;
    idleTimer = setTimeout(() => {
      if (liveShells === 0) void container?.remove();
    }, options.idleMs ?? DEFAULT_CONTAINER_IDLE_MS);
    idleTimer.unref();
  };
  /** The container running, as the commands' user; for each shell or server. */
  const readyContainer = async () => {
    // A late open (the person's terminal tab, the preview) after the tools closed must not leave a container behind.
    if (disposed) throw new Error("the conversation's tools are closed");
    // Looked at again for each shell: the runtime may have written files in the workspace since.
    user = containerUser(workspaceDir, options.adoptRootOwned);
    const found = user;
    if ('refused' in found) throw new Error(found.refused);
    if (found.adopt) await adoptWorkspace(options.docker, options.image, workspaceDir, found);
    clearTimeout(idleTimer);
    const running = await ensureContainer(found).ensure();
    if (disposed) {
      await container?.remove();
      throw new Error("the conversation's tools are closed");
    }
    return { running, found };
  };
  const held = () => {
    liveShells += 1;
    everStarted = true;
  };
  const released = () => {
    liveShells -= 1;
    armIdleTimer();
  };
  const containerLimits: SandboxLimits = {
    mechanism: 'the container',
    read: () => containerLimitCounters(container?.startedPid()),
    // What a reset shell left in the background runs on in the container: only a new one is empty.
    empty: async () => {
      await container?.remove();
    },
  };

  return {
    kind: 'docker',
    label: 'The container sandbox (Docker)',
    async refusal() {
      const daemon = await dockerRefusal(options.docker, options.image);
      lostReason = everStarted ? daemon : undefined;
      if (daemon !== undefined) return daemon;
      const found = userNow();
      return 'refused' in found ? found.refused : undefined;
    },
    scriptsDir: () => {
      const directory = ensureScriptsDir();
      const found = userNow();
      if (!('refused' in found)) chownSync(directory, found.uid, found.gid);
      return directory;
    },
    limits: () => containerLimits,
    async startShell(request) {
      const { running, found } = await readyContainer();
      const pty = await startContainerPty(running, {
        argv: ['bash', ...(request.person === undefined ? BASH_ARGUMENTS : PERSON_BASH_ARGUMENTS)],
        env: shellEnvironment(options.network, request),
        user: `${found.uid}:${found.gid}`,
        workingDir: workspaceDir,
        cols: request.cols ?? 160,
        rows: request.rows ?? 40,
      });
      held();
      pty.onExit(() => released());
      return { pty, sandboxed: true };
    },
    async startPiped(request) {
      const { running, found } = await readyContainer();
      const env = sandboxNetwork(options.network).env({
        HOME: CONTAINER_HOME,
        PATH: '/usr/local/bin:/usr/bin:/bin',
        LANG: 'C.UTF-8',
        ...request.env,
      });
      const piped = await startContainerPiped(options.docker, running, {
        argv: request.argv,
        env,
        user: `${found.uid}:${found.gid}`,
        workingDir: workspaceDir,
      });
      // A server keeps the container as a shell does: it is not idle while one runs.
      held();
      piped.onExit(() => released());
      return piped;
    },
    lost: () => lostReason,
    async whyShellEnded(exitCode) {
      // A shell that exited on its own (`exit 3`) says nothing of the container; one killed, or whose
      // code was lost, may have died with it, which the daemon reports a moment after the exec ended.
      const byItself = exitCode !== null && exitCode >= 0 && exitCode < 128;
      for (let attempt = 0; ; attempt++) {
        const reason = await container?.stoppedReason();
        if (reason !== undefined || byItself || attempt >= STOP_POLLS) return reason;
        await new Promise((resolve) => setTimeout(resolve, STOP_POLL_MS));
      }
    },
    async dispose() {
      disposed = true;
      clearTimeout(idleTimer);
      await container?.remove();
      if (scriptsDir !== undefined) rmSync(scriptsDir, { recursive: true, force: true });
    },
  };
}

/**
 * The conversation's container (not started yet): the workspace, the exposed paths and the scripts
 * folder read-only at their own paths, the masks, the network and the limits.
 */
function newConversationContainer(
  options: DockerBackendOptions,
  workspaceDir: string,
  limits: TerminalLimitSettings,
  run: { user: { uid: number; gid: number }; scriptsDir: string },
): ConversationContainer {
  // Read at the same path inside, so they must exist and be readable by the commands' user.
  const readOnlyPaths = [...(options.exposedPaths ?? []), run.scriptsDir];
  for (const path of readOnlyPaths) {
    mkdirSync(path, { recursive: true, mode: 0o700 });
    chownTree(path, run.user.uid, run.user.gid);
  }
  return createConversationContainer({
    docker: options.docker,
    image: options.image,
    owner: options.owner,
    conversationId: options.conversationId,
    workspaceDir,
    ...(options.workspaceSource === undefined ? {} : { workspaceSource: options.workspaceSource }),
    readOnlyPaths,
    masks: workspaceMasks(workspaceDir, {
      homeDir: options.homeDir ?? process.env.HOME,
      dataDir: options.dataDir,
      denyPaths: options.denyPaths ?? [],
    }),
    network: options.network,
    user: run.user,
    maxProcesses: limits.maxProcesses,
    maxMemoryMb: limits.maxMemoryMb,
    cpus: options.cpus,
  });
}

/** A shell's variables in the container: a plain prompt-less bash, the proxy's when networked. */
function shellEnvironment(
  network: SandboxNetworkOptions | undefined,
  request: ShellRequest,
): Record<string, string> {
  return sandboxNetwork(network).env({
    HOME: CONTAINER_HOME,
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    HISTFILE: '',
    PS1: '',
    PS2: '',
    PROMPT_COMMAND: request.promptCommand,
    ...request.person,
  });
}
