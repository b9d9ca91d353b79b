import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node-pty';
import { DEFAULT_TERMINAL_LIMITS, type TerminalLimitSettings } from '../limit-notices';
import type { SandboxNetworkOptions } from '../sandbox-network';
import { locateBwrapOnPath, sandboxStatus } from './sandbox-status';
import { shellLaunch } from './shell-launch';
import { createTerminalLimits, type TerminalLimits } from './terminal-limits';
import type { SandboxBackend } from '../sandbox-backend';

export interface BubblewrapBackendOptions {
  workspaceDir: string;
  /** false runs commands unconfined (as does env AGENT_WORKBENCH_SANDBOX=0); otherwise no bwrap, no commands. */
  sandbox?: boolean;
  /** Base environment of the shell (secrets are removed); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Where bwrap is; default: looked up on PATH. Tests pass a function returning undefined. */
  locateBwrap?: (env: NodeJS.ProcessEnv) => string | undefined;
  /** Hidden from the shell; default AGENT_WORKBENCH_DATA_DIR or ~/.agent-workbench. */
  dataDir?: string;
  denyPaths?: readonly string[];
  /** Bound read-only even inside a hidden folder (the conversation's saved outputs); made at each start. */
  exposedPaths?: readonly string[];
  network?: SandboxNetworkOptions;
  limits?: TerminalLimitSettings;
}

/**
 * The agent's terminal in bubblewrap, as it always ran: every shell a new bwrap with the mount plan
 * of sandbox-file-args.ts, inside the terminal's cgroup (or ulimit) limits, on a node-pty. With the
 * sandbox turned off (kind `none`) the shell is plain bash on the host.
 */
export function createBubblewrapBackend(options: BubblewrapBackendOptions): SandboxBackend {
  const env = options.env ?? process.env;
  const locateBwrap = options.locateBwrap ?? locateBwrapOnPath;
  const status = sandboxStatus(env, {
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    locateBwrap,
  });
  const bwrapPath = status.kind === 'sandboxed' ? locateBwrap(env) : undefined;
  const limitSettings = options.limits ?? DEFAULT_TERMINAL_LIMITS;
  let scriptsDir: string | undefined;
  let limits: TerminalLimits | undefined;

  const ensureLimits = (): TerminalLimits => {
    limits ??= createTerminalLimits(limitSettings);
    return limits;
  };
  const ensureScriptsDir = (): string => {
    scriptsDir ??= mkdtempSync(join(tmpdir(), 'awb-terminal-'));
    return scriptsDir;
  };

  return {
    kind: status.kind === 'disabled' ? 'none' : 'bubblewrap',
    label: 'The sandbox (bubblewrap)',
    refusal: async () => (status.kind === 'missing' ? status.detail : undefined),
    scriptsDir: ensureScriptsDir,
    limits: ensureLimits,
    // bwrap dies with its shell: the shell's own exit code says everything.
    whyShellEnded: async () => undefined,
    async startShell(request) {
      // Saved outputs are named in observations; they must exist to be bound into the sandbox.
      for (const path of options.exposedPaths ?? []) mkdirSync(path, { recursive: true });
      const launch = shellLaunch({
        workspaceDir: options.workspaceDir,
        scriptsDir: ensureScriptsDir(),
        promptCommand: request.promptCommand,
        bwrapPath,
        env,
        dataDir: options.dataDir ?? defaultDataDir(env),
        ...(options.denyPaths === undefined ? {} : { denyPaths: options.denyPaths }),
        ...(options.exposedPaths === undefined ? {} : { exposedPaths: options.exposedPaths }),
        ...(options.network === undefined ? {} : { network: options.network }),
      });
      const limited = ensureLimits().wrap(launch.file, launch.args);
      const pty = spawn(limited.file, limited.args, {
        name: 'xterm-256color',
        cols: request.cols ?? 160,
        rows: request.rows ?? 40,
        cwd: options.workspaceDir,
        env: launch.env,
      });
      return { pty, sandboxed: launch.sandboxed };
    },
    async dispose() {
      await limits?.close();
      if (scriptsDir !== undefined) rmSync(scriptsDir, { recursive: true, force: true });
    },
  };
}

/** Where the runtime keeps its data unless told otherwise (same rule as the launcher's). */
function defaultDataDir(env: NodeJS.ProcessEnv): string {
  return env.AGENT_WORKBENCH_DATA_DIR?.trim() || join(env.HOME ?? homedir(), '.agent-workbench');
}
