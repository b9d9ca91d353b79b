import { realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { ConfinedRoot } from '../sandbox/confined-files/confined-root';
import { isInside } from '../sandbox/toolchain-roots';

/** The folder a file API path is walked in, and the path spelt from that folder's real path. */
export interface ConfiningFolder {
  /** Links met below it are followed only while they stay inside it. */
  root: ConfinedRoot;
  /** The requested path, its start rewritten to the root's real path. */
  path: string;
  /** True when the root is a conversation's workspace (else the folder the person named). */
  workspace: boolean;
}

/**
 * Which folder the links of `absolutePath` (absolute, normalised) may not leave. A path inside a
 * conversation's workspace (as named, or through links outside every workspace, which the agent cannot
 * plant) stays in the outermost such workspace: the agent writes there, so any link in it may be its.
 * Any other path stays in the folder the person named: the file's folder (`names: 'file'`) or the
 * folder itself, or the nearest one of them that exists (folders below it may be made). Links on the
 * way to that folder were not made by an agent, so they are trusted and resolved here. Never throws
 * for a missing path; throws only unexpected file system errors.
 */
export async function confiningFolder(
  absolutePath: string,
  workspaces: readonly string[],
  names: 'file' | 'folder',
): Promise<ConfiningFolder> {
  const workspaceRoots = await realFolders(workspaces);
  const parts = absolutePath.split(sep).filter((part) => part !== '');
  for (let depth = 0; depth <= parts.length; depth++) {
    const real = await realFolder(join('/', ...parts.slice(0, depth)));
    if (real === undefined) break;
    // Shortest first, so nested workspaces confine to the outermost one.
    const workspace = workspaceRoots.find((root) => isInside(real, root));
    if (workspace !== undefined) {
      return { root: rootAt(workspace), path: join(real, ...parts.slice(depth)), workspace: true };
    }
  }
  let named = names === 'file' ? dirname(absolutePath) : absolutePath;
  let real = await realFolder(named);
  while (real === undefined && named !== '/') {
    named = dirname(named);
    real = await realFolder(named);
  }
  const folder = real ?? '/';
  return { root: rootAt(folder), path: join(folder, relative(named, absolutePath)), workspace: false };
}

/** Each existing folder's real path, shortest first. */
async function realFolders(folders: readonly string[]): Promise<string[]> {
  const found = await Promise.all(folders.map((folder) => realFolder(folder)));
  const real = [...new Set(found.filter((folder): folder is string => folder !== undefined))];
  return real.sort((left, right) => left.length - right.length);
}

/** The real path of a folder; undefined when it is missing or not a folder. */
async function realFolder(path: string): Promise<string | undefined> {
  try {
    const real = await realpath(path);
    return (await stat(real)).isDirectory() ? real : undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'EACCES') return undefined;
    throw error;
  }
}

function rootAt(folder: string): ConfinedRoot {
  return { path: folder, aliases: [folder], writable: true };
}
