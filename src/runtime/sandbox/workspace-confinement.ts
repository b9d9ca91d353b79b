import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { ConfinedRunner } from './sandbox-backend';
import { expandHome, type SandboxSettings } from './sandbox-settings';
import { deniedPaths } from './denied-paths';
import { realHostView } from './host-view';
import type { TerminalLimitSettings } from './limit-notices';
import { locateBwrapOnPath, type SandboxStatus, sandboxStatus } from './bubblewrap/sandbox-status';
import { isInside } from './toolchain-roots';
import { WorkspaceError } from './workspace-error';

/**
 * What confines a workspace command or git call: the same rules as the agent's terminal (data dir,
 * credential folders and the settings' deny list hidden, the settings' process and memory limits,
 * bubblewrap required unless AGENT_WORKBENCH_SANDBOX=0), but never any network. Read fresh for
 * each call, so a changed deny list applies at once. Plain data: the caller may keep it.
 */
export interface WorkspaceConfinement {
  dataDir: string;
  /** Home directory of the runtime's user (an empty tmpfs takes its place in the sandbox). */
  homeDir: string | undefined;
  /** Every path to hide, absolute: the data dir, credential folders, the settings' deny_paths. */
  denied: readonly string[];
  limits: TerminalLimitSettings;
  sandbox: SandboxStatus;
  /** Absolute path of bwrap when `sandbox.kind` is `sandboxed`. */
  bwrapPath: string | undefined;
  /** Runs each command in a container of its own instead (the docker sandbox); absent: bubblewrap. */
  runner?: ConfinedRunner;
}

export interface WorkspaceConfinementOptions {
  dataDir: string;
  sandboxSettings: SandboxSettings;
  env?: NodeJS.ProcessEnv;
  home?: string;
  locateBwrap?: (env: NodeJS.ProcessEnv) => string | undefined;
  /** The docker sandbox's runner: commands run in containers, and bwrap is not needed. */
  runner?: ConfinedRunner;
}

export function workspaceConfinement(options: WorkspaceConfinementOptions): WorkspaceConfinement {
  const env = options.env ?? process.env;
  const homeDir = options.home ?? homedir();
  const locateBwrap = options.locateBwrap ?? locateBwrapOnPath;
  // A container is never turned off with bubblewrap (AGENT_WORKBENCH_SANDBOX=0): its conversation was made for it.
  const sandbox: SandboxStatus =
    options.runner !== undefined ? { kind: 'sandboxed' } : sandboxStatus(env, { locateBwrap });
  return {
    dataDir: options.dataDir,
    homeDir,
    denied: deniedPaths({
      homeDir,
      dataDir: options.dataDir,
      denyPaths: options.sandboxSettings.deny_paths.map((path) => expandHome(path, homeDir)),
    }),
    limits: {
      maxProcesses: options.sandboxSettings.max_processes,
      maxMemoryMb: options.sandboxSettings.max_memory_mb,
    },
    sandbox,
    bwrapPath: sandbox.kind === 'sandboxed' && options.runner === undefined ? locateBwrap(env) : undefined,
    ...(options.runner !== undefined ? { runner: options.runner } : {}),
  };
}

/**
 * `path` resolved through its links when it must be usable as a workspace or a file in one: absolute,
 * and not inside (nor equal to) a hidden path. Throws WorkspaceError `invalid_path` or `path_denied`.
 * Does not check that it exists.
 */
export function permittedPath(confinement: WorkspaceConfinement, path: string): string {
  if (!isAbsolute(path)) throw new WorkspaceError('invalid_path', `The path must be absolute: ${path}`);
  const real = realHostView.realPath(resolve(path));
  for (const hidden of confinement.denied) {
    if (isInside(real, realHostView.realPath(hidden)) || isInside(resolve(path), hidden)) {
      throw new WorkspaceError(
        'path_denied',
        `${path} is inside the runtime's data dir or a hidden path: commands and git may not use it`,
      );
    }
  }
  return real;
}
