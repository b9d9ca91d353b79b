import { statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, sep } from 'node:path';
import { deniedPaths } from '../tools/terminal/denied-paths';
import { realHostView } from '../tools/terminal/host-view';
import { sandboxFileArgs } from '../tools/terminal/sandbox-file-args';
import { SANDBOX_ISOLATION_ARGUMENTS } from '../tools/terminal/sandbox-isolation-arguments';
import { type SandboxNetworkOptions, sandboxNetwork } from '../tools/terminal/sandbox-network';

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
  denyPaths?: readonly string[];
  /** Host paths to show read-only besides the system trees (the server's own files). */
  readOnlyPaths?: readonly string[];
  /** The conversation's proxy bridge; absent: no network at all. */
  network?: SandboxNetworkOptions;
  nodePath?: string;
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
 * the conversation's proxy bridge as its only way out. The server's stdin and stdout pass through
 * bwrap untouched, so the SDK speaks to it as to any child process.
 */
export function sandboxedServerLaunch(options: ServerLaunchOptions): ServerLaunch {
  if (options.bwrapPath === undefined) {
    return { command: options.command, args: [...options.args], env: options.env, cwd: options.workspaceDir };
  }
  const nodePath = options.nodePath ?? process.execPath;
  const network = sandboxNetwork(options.network);
  const homeDir = options.env.HOME ?? process.env.HOME;
  const fileArgs = sandboxFileArgs(
    {
      workspaceDir: options.workspaceDir,
      scriptsDir: options.readOnlyDir,
      homeDir,
      commandDirectories: [
        ...(options.env.PATH ?? '').split(delimiter).filter((entry) => entry !== ''),
        dirname(nodePath),
        ...(isAbsolute(options.command) ? [dirname(options.command)] : []),
      ],
      denied: deniedPaths({ homeDir, dataDir: options.dataDir, denyPaths: options.denyPaths ?? [] }),
      exposed: [
        ...network.exposed,
        ...(options.readOnlyPaths ?? []),
        ...packageFolders([options.command, ...options.args]),
      ],
    },
    realHostView,
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

/**
 * The `node_modules` folder holding each absolute path among the command and its arguments (a server
 * installed with npm needs its dependencies beside it), or the path's folder when it is in none.
 * Only files that exist: a folder argument (a root the server serves) is the person's to expose.
 */
function packageFolders(words: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const word of words) {
    if (!isAbsolute(word) || !isFile(word)) continue;
    const marker = `${sep}node_modules${sep}`;
    const index = word.lastIndexOf(marker);
    folders.add(index >= 0 ? word.slice(0, index + marker.length - 1) : dirname(word));
  }
  return [...folders];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false; // missing or unreadable: not a file the server runs
  }
}
