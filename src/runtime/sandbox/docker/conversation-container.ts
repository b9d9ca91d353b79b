import type Docker from 'dockerode';
import type { SandboxNetworkOptions } from '../sandbox-network';
import { type ContainerMount, containerSpec } from './container-spec';
import { createRefusal, messageOf, noShellRefusal } from './docker-readiness';
import { daemonEngine } from './daemon-engine';
import { execExitCode } from './exec-exit-code';
import { gitProtectionMounts } from './git-protection-mounts';
import { sharedWorkspaceRefusal } from './shared-workspace-probe';

export interface ConversationContainerOptions {
  docker: Docker;
  image: string;
  /** The runtime's label value (its data dir's hash). */
  owner: string;
  conversationId: string;
  workspaceDir: string;
  /** Tests: another host folder bound at the workspace's path (see ContainerSpecInput). */
  workspaceSource?: string;
  /** Host paths shown read-only at the same path (saved outputs, the scripts folder). */
  readOnlyPaths: readonly string[];
  /** Hidden paths inside the workspace (data dir, credentials, deny list): masked, as bwrap masks them. */
  masks: { files: readonly string[]; folders: readonly string[] };
  network: SandboxNetworkOptions | undefined;
  user: { uid: number; gid: number };
  maxProcesses: number;
  maxMemoryMb: number;
  cpus: number | undefined;
}

/**
 * The one container of a conversation. `ensure` creates and starts it when none runs (the first
 * use, after it died or was removed for idleness) and replaces it when a repository appeared in the
 * workspace since (its git binds are fixed at creation); it checks that the image runs bash. Calls
 * may overlap: they share one start. Throws with a message a person can read.
 */
export interface ConversationContainer {
  ensure(): Promise<Docker.Container>;
  /** The running container, or undefined; never starts one. */
  current(): Promise<Docker.Container | undefined>;
  /** Why the last container stopped (its exit code, an out-of-memory kill), or undefined when it runs or none was made. */
  stoppedReason(): Promise<string | undefined>;
  /** Host pid of its first process (a member of its network namespace), when the daemon is local. */
  pid(): Promise<number | undefined>;
  /** The same as of the last start, without asking the daemon (for the limit counters). */
  startedPid(): number | undefined;
  remove(): Promise<void>;
}

export function createConversationContainer(options: ConversationContainerOptions): ConversationContainer {
  let container: Docker.Container | undefined;
  let repositories = '';
  let starting: Promise<Docker.Container> | undefined;
  let startedPid: number | undefined;

  const running = async (candidate: Docker.Container | undefined) => {
    if (candidate === undefined) return false;
    const info = await candidate.inspect().catch(() => undefined);
    return info?.State.Running === true;
  };

  async function start(): Promise<Docker.Container> {
    const protection = gitProtectionMounts(options.workspaceDir);
    const wantedRepositories = JSON.stringify(protection);
    if ((await running(container)) && wantedRepositories === repositories && container !== undefined)
      return container;
    await removeQuietly(container);
    container = undefined;
    const mounts: ContainerMount[] = [
      ...protection.mounts,
      ...options.masks.files.map((path) => ({ host: '/dev/null', target: path, readOnly: true })),
      ...options.readOnlyPaths.map((path) => ({ host: path, target: path, readOnly: true })),
      ...(options.network === undefined
        ? []
        : [options.network.bridgeScriptPath, dirname(options.network.proxySocketPath)].map((path) => ({
            host: path,
            target: path,
            readOnly: true,
          }))),
    ];
    const created = await createOrSay(
      options.docker,
      containerSpec({
        image: options.image,
        owner: options.owner,
        conversationId: options.conversationId,
        workspaceDir: options.workspaceDir,
        ...(options.workspaceSource === undefined ? {} : { workspaceSource: options.workspaceSource }),
        mounts,
        emptyReadOnly: [...protection.emptyReadOnly, ...options.masks.folders],
        user: options.user,
        mainUser: mainUserFor(options),
        maxProcesses: options.maxProcesses,
        maxMemoryMb: options.maxMemoryMb,
        cpus: options.cpus,
        command: mainCommand(options.network),
        engine: await daemonEngine(options.docker),
      }),
    );
    try {
      await created.start();
    } catch (error) {
      await removeQuietly(created);
      throw new Error(startFailure(options.image, error));
    }
    try {
      await requireBash(created, options);
      if (options.network !== undefined) await bridgeListening(created, options.user);
      const unshared = await sharedWorkspaceRefusal(created, options.workspaceDir, options.user);
      if (unshared !== undefined) throw new Error(unshared);
    } catch (error) {
      await removeQuietly(created);
      throw error;
    }
    const info = await created.inspect().catch(() => undefined);
    startedPid = info?.State.Pid !== undefined && info.State.Pid > 0 ? info.State.Pid : undefined;
    container = created;
    repositories = wantedRepositories;
    return created;
  }

  return {
    ensure() {
      starting ??= start().finally(() => {
        starting = undefined;
      });
      return starting;
    },
    async current() {
      return (await running(container)) ? container : undefined;
    },
    async stoppedReason() {
      const info = await container?.inspect().catch(() => undefined);
      if (container === undefined) return undefined;
      if (info === undefined) return 'the container of this conversation was removed';
      if (info.State.Running) return undefined;
      if (info.State.OOMKilled) return 'the container of this conversation ran out of memory and was stopped';
      return `the container of this conversation stopped (exit code ${info.State.ExitCode})`;
    },
    async pid() {
      const info = await container?.inspect().catch(() => undefined);
      return info?.State.Running && info.State.Pid > 0 ? info.State.Pid : undefined;
    },
    startedPid: () => startedPid,
    async remove() {
      await starting?.catch(() => undefined);
      const removed = container;
      container = undefined;
      await removeQuietly(removed);
    },
  };
}

function dirname(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/**
 * With a network, the first process runs the proxy bridge as the owner of the proxy's socket (its
 * folder is 0700), with every capability dropped; without one it is the commands' user.
 */
function mainUserFor(options: ConversationContainerOptions): { uid: number; gid: number } {
  if (options.network === undefined) return options.user;
  return { uid: process.getuid?.() ?? options.user.uid, gid: process.getgid?.() ?? options.user.gid };
}

/**
 * PID 1's child: the bridge in the background (bridge-script-path.ts: 127.0.0.1:3128 to the proxy's
 * socket; it needs the image's node), then a sleep that keeps the container up between commands.
 */
function mainCommand(network: SandboxNetworkOptions | undefined): string[] {
  if (network === undefined) return ['/bin/sh', '-c', 'exec sleep infinity'];
  return [
    '/bin/sh',
    '-c',
    'node "$0" "$1" </dev/null >/dev/null 2>&1 & exec sleep infinity',
    network.bridgeScriptPath,
    network.proxySocketPath,
  ];
}

/**
 * Returns once the proxy bridge listens on 127.0.0.1:3128, as bubblewrap's shell waits for its own
 * (sandbox-network.ts): node takes a while to start it in a fresh container, and a first command run
 * before would find no proxy (connection refused). After 5 s it returns anyway: requests then fail
 * with a connection error the model can read.
 */
async function bridgeListening(created: Docker.Container, user: { uid: number; gid: number }): Promise<void> {
  const probe = '(: </dev/tcp/127.0.0.1/3128) 2>/dev/null';
  const loop = `for _ in $(seq 250); do ${probe} && exit 0; sleep 0.02; done; exit 1`;
  await execExitCode(created, ['bash', '-c', loop], user);
}

async function createOrSay(docker: Docker, spec: Docker.ContainerCreateOptions): Promise<Docker.Container> {
  try {
    return await docker.createContainer(spec);
  } catch (error) {
    throw new Error(createRefusal(error));
  }
}

function startFailure(image: string, error: unknown): string {
  const text = messageOf(error);
  if (/executable file not found|no such file or directory/i.test(text)) return noShellRefusal(image, text);
  return `the container did not start: ${text}`;
}

/**
 * An image without bash cannot run the terminal: refused at start, with the reason, never later.
 * Without /bin/sh the first process already failed (docker-init exits 127).
 */
async function requireBash(created: Docker.Container, options: ConversationContainerOptions): Promise<void> {
  const started = await created.inspect();
  if (!started.State.Running) {
    const detail = `its first process, /bin/sh, ended with ${started.State.ExitCode}`;
    throw new Error(
      started.State.ExitCode === 127
        ? noShellRefusal(options.image, detail)
        : `the container stopped at once: ${detail}`,
    );
  }
  const code = await execExitCode(created, ['bash', '-c', 'exit 0'], options.user);
  if (code !== 0) {
    throw new Error(noShellRefusal(options.image, `bash -c 'exit 0' ended with ${code ?? 'no code'}`));
  }
}

export async function removeQuietly(container: Docker.Container | undefined): Promise<void> {
  // Already gone (removed by hand, or never created) is what removing wants.
  await container?.remove({ force: true }).catch(() => undefined);
}
