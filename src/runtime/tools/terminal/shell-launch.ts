import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Variables the runtime holds that the agent's shell must never see. */
const SECRET_VARIABLES = [
  'AGENT_WORKBENCH_SESSION_KEY',
  'LLM_API_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
];

const BASH_ARGUMENTS = ['--norc', '--noprofile', '--noediting', '-i'];

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
  /** Absolute path of bwrap, or undefined to run bash directly. */
  bwrapPath: string | undefined;
  env: NodeJS.ProcessEnv;
}

/**
 * How to start the shell. Inside bubblewrap the whole file system is read-only except the workspace
 * and a private /tmp; the network stays, because installing packages is part of the work.
 */
export function shellLaunch(options: ShellLaunchOptions): ShellLaunch {
  const env = shellEnvironment(options);
  if (options.bwrapPath === undefined) {
    return { file: 'bash', args: BASH_ARGUMENTS, env, sandboxed: false };
  }
  const { workspaceDir, scriptsDir } = options;
  const args = [
    ...['--ro-bind', '/', '/'],
    ...['--dev', '/dev'],
    ...['--proc', '/proc'],
    ...['--tmpfs', '/tmp'],
    ...['--tmpfs', '/dev/shm'],
    // Binds come after the /tmp tmpfs, so a workspace under /tmp stays visible.
    ...['--bind', workspaceDir, workspaceDir],
    ...['--ro-bind', scriptsDir, scriptsDir],
    '--die-with-parent',
    ...['--chdir', workspaceDir],
    '--',
    'bash',
    ...BASH_ARGUMENTS,
  ];
  // The home directory is read-only in the sandbox: package managers cache in the private /tmp instead.
  const sandboxEnv = { ...env, XDG_CACHE_HOME: '/tmp/.cache', npm_config_cache: '/tmp/.npm' };
  return { file: options.bwrapPath, args, env: sandboxEnv, sandboxed: true };
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

/** The first executable called `name` on PATH, or undefined. */
export function findExecutable(name: string, pathVariable: string | undefined): string | undefined {
  for (const directory of (pathVariable ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; try the next PATH entry
    }
  }
  return undefined;
}

/** Sandboxing is on unless the toolset says false or AGENT_WORKBENCH_SANDBOX=0. */
export function sandboxWanted(option: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return option !== false && env.AGENT_WORKBENCH_SANDBOX !== '0';
}
