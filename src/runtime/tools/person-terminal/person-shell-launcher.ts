import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TERMINAL_LIMITS, type TerminalLimitSettings } from '../../sandbox/limit-notices';
import type { SandboxNetworkOptions } from '../../sandbox/sandbox-network';
import { locateBwrapOnPath, sandboxStatus } from '../../sandbox/bubblewrap/sandbox-status';
import { shellLaunch } from '../../sandbox/bubblewrap/shell-launch';
import { createTerminalLimits, type TerminalLimits } from '../../sandbox/bubblewrap/terminal-limits';
import { PERSON_PS1 } from './person-prompt';
import type { PersonShellLaunch } from './person-terminal';
import type { PtyProcess } from '../../sandbox/pty-process';
import type { SandboxBackend } from '../../sandbox/sandbox-backend';

export interface PersonShellLauncherOptions {
  workspaceDir: string;
  /** Hidden, as from the agent's terminal. */
  dataDir: string;
  denyPaths?: readonly string[];
  exposedPaths?: readonly string[];
  network?: SandboxNetworkOptions;
  limits?: TerminalLimitSettings;
  sandbox?: boolean;
  env?: NodeJS.ProcessEnv;
  /**
   * A host process in the agent's sandbox's network namespace, the agent's shell started when none
   * runs; a string says why there is none.
   */
  agentNetworkMember(): Promise<number | string | undefined>;
}

export interface PersonShellLauncher {
  launch(
    promptCommand: string,
    size: { cols: number; rows: number },
  ): Promise<PersonShellLaunch | { pty: PtyProcess } | string>;
  /** Kills what the last shell left in its limits' group. */
  emptyLimits(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How the person's shell starts: the agent terminal's mount plan and isolation (a bwrap of its own:
 * same workspace, same hidden folders, no capabilities, its own PID namespace and limits) inside the
 * network namespace of the agent's sandbox, so both see the same servers and the same proxy. Without
 * bubblewrap it refuses, as the agent's terminal does; with the sandbox turned off it is plain bash.
 */
export function createPersonShellLauncher(options: PersonShellLauncherOptions): PersonShellLauncher {
  const env = options.env ?? process.env;
  const status = sandboxStatus(env, options.sandbox === undefined ? {} : { sandbox: options.sandbox });
  let limits: TerminalLimits | undefined;
  let scriptsDir: string | undefined;

  return {
    async launch(promptCommand) {
      if (status.kind === 'missing') return status.detail;
      let networkOf: number | undefined;
      if (status.kind === 'sandboxed') {
        const member = await options.agentNetworkMember();
        if (typeof member === 'string') return member;
        if (member === undefined) return "the agent's sandbox is not running; try again";
        networkOf = member;
      }
      scriptsDir ??= mkdtempSync(join(tmpdir(), 'awb-person-'));
      const launch = shellLaunch({
        workspaceDir: options.workspaceDir,
        scriptsDir,
        promptCommand,
        bwrapPath: status.kind === 'sandboxed' ? locateBwrapOnPath(env) : undefined,
        env,
        dataDir:
          options.dataDir ||
          env.AGENT_WORKBENCH_DATA_DIR?.trim() ||
          join(env.HOME ?? homedir(), '.agent-workbench'),
        ...(options.denyPaths === undefined ? {} : { denyPaths: options.denyPaths }),
        ...(options.exposedPaths === undefined ? {} : { exposedPaths: options.exposedPaths }),
        ...(options.network === undefined ? {} : { network: options.network }),
        person: { env: { PS1: PERSON_PS1, PAGER: 'less', GIT_PAGER: 'less' }, networkOf: networkOf ?? 0 },
      });
      limits ??= createTerminalLimits(options.limits ?? DEFAULT_TERMINAL_LIMITS);
      return { ...launch, ...limits.wrap(launch.file, launch.args), cwd: options.workspaceDir };
    },
    async emptyLimits() {
      await limits?.empty();
    },
    async close() {
      await limits?.close();
      if (scriptsDir !== undefined) rmSync(scriptsDir, { recursive: true, force: true });
    },
  };
}

/**
 * The person's shell in the agent's container sandbox: an exec of its own in the same container
 * (same mounts, network, limits and user), with line editing and the person's prompt.
 */
export function createBackendPersonShellLauncher(backend: SandboxBackend): PersonShellLauncher {
  return {
    async launch(promptCommand, size) {
      const refusal = await backend.refusal();
      if (refusal !== undefined) return refusal;
      const shell = await backend.startShell({
        promptCommand,
        ...size,
        person: { PS1: PERSON_PS1, PAGER: 'less', GIT_PAGER: 'less' },
      });
      return { pty: shell.pty };
    },
    // Its processes live in the container, which the agent's terminal owns and removes.
    emptyLimits: async () => undefined,
    close: async () => undefined,
  };
}
