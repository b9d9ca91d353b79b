import type Docker from 'dockerode';
import type { DaemonEngine } from './daemon-engine';

/** Labels every sandbox container carries, so a runtime finds its own (and a crashed run's) again. */
export const CONTAINER_LABEL = 'agent-workbench.sandbox';
export const CONVERSATION_LABEL = 'agent-workbench.conversation';

/** Where the container's user has its home: an empty tmpfs, as bubblewrap's empty home. */
export const CONTAINER_HOME = '/home/agent';

export interface ContainerMount {
  host: string;
  /** Where it shows inside; the same path as on the host for the workspace. */
  target: string;
  readOnly: boolean;
}

export interface ContainerSpecInput {
  image: string;
  /** The label value naming the runtime's data dir (a hash), so runtimes on other data dirs keep theirs. */
  owner: string;
  conversationId: string;
  /** Real path: bound read-write at the same path, the only writable host folder. */
  workspaceDir: string;
  /**
   * The host folder bound at `workspaceDir`; default the workspace itself. Only tests name another,
   * to play a daemon whose host has a different folder at that path.
   */
  workspaceSource?: string;
  /** The git control entries (read-only) and scratch folders (tmpfs) inside the workspace, then the rest. */
  mounts: readonly ContainerMount[];
  /** Empty read-only tmpfs mounts (a repository's missing hooks or info folder). */
  emptyReadOnly: readonly string[];
  /** Who runs the commands (execs name it again) and owns the tmpfs home. */
  user: { uid: number; gid: number };
  /** Who runs the first process: the owner of the proxy socket it connects to. */
  mainUser: { uid: number; gid: number };
  maxProcesses: number;
  maxMemoryMb: number;
  /** CPUs the container may use (fractions allowed); undefined: no CPU limit. */
  cpus: number | undefined;
  /** Bind the workspace read-only (git reads). */
  workspaceReadOnly?: boolean;
  /** Where the first process starts; default the workspace. */
  workingDir?: string;
  /** Variables on top of HOME, PATH and LANG. */
  env?: Readonly<Record<string, string>>;
  /** The container's first process: the proxy bridge when the conversation has a network, else a sleep. */
  command: readonly string[];
  /** The engine that makes it (daemon-engine.ts); default docker. */
  engine?: DaemonEngine;
}

/**
 * The Engine API body that creates a conversation's container: nothing of the host but the
 * workspace (and the read-only paths named), no network at all (`none`: a loopback only), every
 * capability dropped, no new privileges, a read-only root file system with tmpfs /tmp and home, the
 * process, memory and CPU limits, a numeric non-root user, and docker-init as PID 1 to reap orphans.
 * Pure: the caller creates and starts it.
 */
export function containerSpec(input: ContainerSpecInput): Docker.ContainerCreateOptions {
  const memoryBytes = input.maxMemoryMb * 1024 * 1024;
  return {
    Image: input.image,
    Cmd: [...input.command],
    Entrypoint: [],
    User: `${input.mainUser.uid}:${input.mainUser.gid}`,
    WorkingDir: input.workingDir ?? input.workspaceDir,
    Hostname: 'sandbox',
    Env: Object.entries({
      HOME: CONTAINER_HOME,
      PATH: '/usr/local/bin:/usr/bin:/bin',
      LANG: 'C.UTF-8',
      ...input.env,
    }).map(([name, value]) => `${name}=${value}`),
    Labels: { [CONTAINER_LABEL]: input.owner, [CONVERSATION_LABEL]: input.conversationId },
    NetworkDisabled: false,
    HostConfig: {
      NetworkMode: 'none',
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Privileged: false,
      ReadonlyRootfs: true,
      Init: true,
      IpcMode: 'private',
      PidsLimit: input.maxProcesses,
      Memory: memoryBytes,
      MemorySwap: memoryBytes,
      ...(input.cpus === undefined ? {} : { NanoCpus: Math.round(input.cpus * 1e9) }),
      Tmpfs: tmpfsMounts(input),
      Mounts: [
        {
          Type: 'bind',
          Source: input.workspaceSource ?? input.workspaceDir,
          Target: input.workspaceDir,
          ReadOnly: input.workspaceReadOnly === true,
        },
        ...input.mounts.map((mount) => ({
          Type: 'bind' as const,
          Source: mount.host,
          Target: mount.target,
          ReadOnly: mount.readOnly,
        })),
        ...(input.engine === 'podman' ? [] : input.emptyReadOnly).map((target) => ({
          Type: 'tmpfs' as const,
          Source: '',
          Target: target,
          ReadOnly: true,
        })),
      ],
      RestartPolicy: { Name: 'no' },
    },
  };
}

/**
 * The tmpfs mounts: /tmp, the home, and on Podman the empty read-only ones too. Podman fills a
 * tmpfs with a copy of what lies below it (`tmpcopyup`, its default), which would show a masked
 * folder's secrets in its mask; `notmpcopyup`, which Docker does not know, turns that off, and a
 * Mounts entry cannot carry it.
 */
function tmpfsMounts(input: ContainerSpecInput): Record<string, string> {
  const podman = input.engine === 'podman';
  const empty = podman ? ',notmpcopyup' : '';
  return {
    '/tmp': `rw,exec,nosuid,nodev,size=1g,mode=1777${empty}`,
    [CONTAINER_HOME]: `rw,exec,nosuid,nodev,size=512m,${homeOwner(input)}${empty}`,
    ...Object.fromEntries(
      (podman ? input.emptyReadOnly : []).map((target) => [target, 'ro,nosuid,nodev,noexec,notmpcopyup']),
    ),
  };
}

/**
 * Who owns the empty home: the commands' user, 0700. Docker takes `uid=`/`gid=`; Podman (4.x)
 * refuses them and has `U` instead, which gives the tmpfs to the first process's user: the same one
 * without a network; with one (the bridge runs as the proxy socket's owner) the home is 1777, which
 * only the commands' user and the capability-less bridge ever see.
 */
function homeOwner(input: ContainerSpecInput): string {
  if (input.engine !== 'podman') return `mode=0700,uid=${input.user.uid},gid=${input.user.gid}`;
  const sameUser = input.mainUser.uid === input.user.uid && input.mainUser.gid === input.user.gid;
  return sameUser ? 'mode=0700,U' : 'mode=1777';
}
