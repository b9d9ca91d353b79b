import { delimiter, dirname } from 'node:path';
import { BASH_ARGUMENTS, PERSON_BASH_ARGUMENTS } from '../bash-arguments';
import { deniedPaths } from '../denied-paths';
import { joinNetworkNamespace } from '../join-network-namespace';
import { type HostView, realHostView } from '../host-view';
import { sandboxFileArgs } from './sandbox-file-args';
import { SANDBOX_ISOLATION_ARGUMENTS } from './sandbox-isolation-arguments';
import { type SandboxNetworkOptions, sandboxNetwork } from '../sandbox-network';

/** Variables the runtime holds that the agent's shell must never see. */
const SECRET_VARIABLES = [
  'AGENT_WORKBENCH_SESSION_KEY',
  // The automation service's key opens the same REST API as the session key.
  'AGENT_WORKBENCH_AUTOMATION_KEY',
  // Its password opens the database of the conversations and automations (--database-url).
  'AGENT_WORKBENCH_DATABASE_URL',
  'LLM_API_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
];

export interface ShellLaunch {
  file: string;
  args: string[];
  env: Record<string, string>;
  sandboxed: boolean;
}

export interface ShellLaunchOptions {
  workspaceDir: string;
  /** Directory with long commands written as scripts; readable inside the sandbox. */
  scriptsDir: string;
  promptCommand: string;
  /** Absolute path of bwrap, or undefined to run bash directly (only when the sandbox is turned off). */
  bwrapPath: string | undefined;
  env: NodeJS.ProcessEnv;
  /** The runtime's data dir: hidden. */
  dataDir: string;
  /** More paths to hide. */
  denyPaths?: readonly string[];
  /** The proxy bridge; absent: no network at all. */
  network?: SandboxNetworkOptions;
  /** Read-only even inside a denied folder (the conversation's saved outputs, which observations name). */
  exposedPaths?: readonly string[];
  /** The node binary the proxy bridge runs with; default process.execPath. */
  nodePath?: string;
  host?: HostView;
  /**
   * The person's terminal: bash with line editing and these variables on top (its prompt), in the
   * network namespace of this host process (the agent's sandbox) instead of one of its own.
   */
  person?: { env: Record<string, string>; networkOf: number };
}

/**
 * How to start the shell. Inside bubblewrap: system trees read-only, an empty home, the workspace
 * writable, no data dir or credentials, no network but an optional proxy bridge, its own PID, IPC
 * and UTS namespaces and no capabilities. See sandbox-file-args.ts for the mount plan.
 */
export function shellLaunch(options: ShellLaunchOptions): ShellLaunch {
  const env = { ...shellEnvironment(options), ...options.person?.env };
  const bashArguments = options.person === undefined ? BASH_ARGUMENTS : PERSON_BASH_ARGUMENTS;
  if (options.bwrapPath === undefined) {
    return { file: 'bash', args: bashArguments, env, sandboxed: false };
  }
  const nodePath = options.nodePath ?? process.execPath;
  const homeDir = env.HOME;
  const network = sandboxNetwork(options.network);
  const fileArgs = sandboxFileArgs(
    {
      workspaceDir: options.workspaceDir,
      scriptsDir: options.scriptsDir,
      homeDir,
      commandDirectories: [
        ...(env.PATH ?? '').split(delimiter).filter((entry) => entry !== ''),
        dirname(nodePath),
      ],
      denied: deniedPaths({ homeDir, dataDir: options.dataDir, denyPaths: options.denyPaths ?? [] }),
      exposed: [...network.exposed, ...(options.exposedPaths ?? [])],
    },
    options.host ?? realHostView,
  );
  if (options.person !== undefined) {
    // The agent's sandbox's namespace already has the proxy bridge on its loopback: no second one,
    // only the variables that point at it (the caller passes them in `person.env`).
    const args = [
      ...fileArgs,
      ...SANDBOX_ISOLATION_ARGUMENTS.filter((argument) => argument !== '--unshare-net'),
      ...['--chdir', options.workspaceDir],
      '--',
      'bash',
      ...bashArguments,
    ];
    const joined = joinNetworkNamespace(options.person.networkOf, options.bwrapPath, args);
    return { ...joined, env: { ...network.env(env), ...options.person.env }, sandboxed: true };
  }
  const args = [
    ...fileArgs,
    ...SANDBOX_ISOLATION_ARGUMENTS,
    ...['--chdir', options.workspaceDir],
    '--',
    ...network.command(nodePath, bashArguments),
  ];
  return { file: options.bwrapPath, args, env: network.env(env), sandboxed: true };
}

function shellEnvironment(options: ShellLaunchOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.env)) {
    if (value !== undefined && !SECRET_VARIABLES.includes(name)) env[name] = value;
  }
  return {
    ...env,
    TERM: 'xterm-256color',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    HISTFILE: '',
    PS1: '',
    PS2: '',
    PROMPT_COMMAND: options.promptCommand,
  };
}
