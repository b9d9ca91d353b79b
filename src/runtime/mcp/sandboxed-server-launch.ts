import { delimiter, dirname } from 'node:path';
import { deniedPaths } from '../sandbox/denied-paths';
import { type HostView, realHostView } from '../sandbox/host-view';
import { sandboxFileArgs } from '../sandbox/bubblewrap/sandbox-file-args';
import { SANDBOX_ISOLATION_ARGUMENTS } from '../sandbox/bubblewrap/sandbox-isolation-arguments';
import { type SandboxNetworkOptions, sandboxNetwork } from '../sandbox/sandbox-network';
import { serverExposedPaths } from './server-exposed-paths';

export interface ServerLaunchOptions {
  command: string;
  args: readonly string[];
  /** The server's environment (the SDK's safe defaults plus the configured env). */
  env: Record<string, string>;
  workspaceDir: string;
  /** Shown read-only (bwrap needs it to exist): the conversation's saved outputs. */
  readOnlyDir: string;
  /** Absolute path of bwrap; undefined runs the server unconfined (only when the sandbox is off). */
  bwrapPath: string | undefined;
  dataDir: string;
  /**
   * The runtime's home, whose credential folders are hidden; default $HOME of the runtime. Never the
   * server's env.HOME: a configured value must not move the credentials out of the hidden list.
   */
  homeDir?: string;
  denyPaths?: readonly string[];
  /** Host paths to show read-only besides the system trees (the server's own files). */
  readOnlyPaths?: readonly string[];
  /** The conversation's proxy bridge; absent: no network at all. */
  network?: SandboxNetworkOptions;
  nodePath?: string;
  host?: HostView;
}

export interface ServerLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/**
 * How to start a stdio MCP server: inside the same bubblewrap sandbox as the terminal's commands (the
 * workspace writable, the data dir and credentials hidden, its own namespaces, no capabilities), with
 * the conversation's proxy bridge as its only way out, and the server's own files shown read-only
 * (see serverExposedPaths). Refused, with the reason, when one of those files would uncover a hidden
 * path. The server's stdin and stdout pass through bwrap untouched, so the SDK speaks to it as to any
 * child process.
 */
export function sandboxedServerLaunch(options: ServerLaunchOptions): ServerLaunch | { refused: string } {
  if (options.bwrapPath === undefined) {
    return { command: options.command, args: [...options.args], env: options.env, cwd: options.workspaceDir };
  }
  const host = options.host ?? realHostView;
  const nodePath = options.nodePath ?? process.execPath;
  const network = sandboxNetwork(options.network);
  const homeDir = options.homeDir ?? process.env.HOME;
  const denied = deniedPaths({ homeDir, dataDir: options.dataDir, denyPaths: options.denyPaths ?? [] });
  const serverPaths = serverExposedPaths(
    {
      command: options.command,
      args: options.args,
      readOnlyPaths: options.readOnlyPaths ?? [],
      workspaceDir: options.workspaceDir,
      denied,
    },
    host,
  );
  if (serverPaths.kind === 'refused') return { refused: serverPaths.reason };
  const fileArgs = sandboxFileArgs(
    {
      workspaceDir: options.workspaceDir,
      scriptsDir: options.readOnlyDir,
      homeDir,
      commandDirectories: [
        ...(options.env.PATH ?? '').split(delimiter).filter((entry) => entry !== ''),
        dirname(nodePath),
      ],
      denied,
      exposed: [...network.exposed, ...serverPaths.paths],
    },
    host,
  );
  // The bridge wrapper ends in `exec bash "$@"`: this bash execs the server with its own arguments.
  const serverArguments = ['--norc', '--noprofile', '-c', 'exec "$0" "$@"', options.command, ...options.args];
  return {
    command: options.bwrapPath,
    args: [
      ...fileArgs,
      ...SANDBOX_ISOLATION_ARGUMENTS,
      // No terminal here: a new session keeps the server from reaching the runtime's.
      '--new-session',
      ...['--chdir', options.workspaceDir],
      '--',
      ...network.command(nodePath, serverArguments),
    ],
    env: network.env(options.env),
    cwd: options.workspaceDir,
  };
}
