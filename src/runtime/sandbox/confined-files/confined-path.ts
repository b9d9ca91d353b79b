import { type FileHandle, lstat, mkdir, open, readlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type ConfinedRoot, locateInRoots } from './confined-root';
import {
  DIRECTORY_FLAGS,
  FINAL_FLAGS,
  openRootDirectory,
  type PinnedDirectory,
  procPath,
} from './pinned-directory';

/**
 * A path resolved inside a root with every directory on the way held open. Valid only inside the
 * callback of `withConfinedPath`, which closes every handle afterwards: do not keep it.
 */
export interface ConfinedTarget {
  root: ConfinedRoot;
  /** Where the path really is: the root as configured plus the real names walked (links resolved). */
  path: string;
  /** The directory holding the final name; write and rename through `procPath(parent, name)`. */
  parent: PinnedDirectory;
  /** The final name, or '.' when the path is the root itself. */
  name: string;
  /** The final component opened without following links (file or directory); undefined when it does not exist. */
  handle: FileHandle | undefined;
}

export type ConfinementFailure =
  | { reason: 'outside'; link?: string }
  | { reason: 'read-only' }
  | { reason: 'too-many-links' }
  | { reason: 'kept-changing' }
  | { reason: 'no-proc-fd' }
  | { reason: 'file-system'; error: NodeJS.ErrnoException; path: string };

export interface ConfinedOptions {
  /** Refuse read-only roots (also when a link leads into one). */
  write: boolean;
  /** Create missing directories on the way, like mkdir -p, each one pinned before going on. */
  createParents: boolean;
}

/** As many as the kernel allows (MAXSYMLINKS); also bounds retries when the tree changes under us. */
const MAX_HOPS = 40;

/**
 * Resolves `absolutePath` (already normalised) inside the roots without ever leaving them, then
 * runs `use` on the result. Each component is opened relative to the previous directory's fd with
 * O_NOFOLLOW, so a folder swapped for a link after it was checked cannot redirect anything: a walk
 * sees either the real directory (and pins it) or the link. Links are followed by resolving their
 * target ourselves and walking again from the root, refused when the target leaves every root: a
 * workspace full of links that stay inside (node_modules/.bin, monorepo packages) keeps working.
 * Expected failures are returned; `use` may throw, and every handle is closed either way.
 */
export async function withConfinedPath<T>(
  roots: readonly ConfinedRoot[],
  absolutePath: string,
  options: ConfinedOptions,
  use: (target: ConfinedTarget) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; failure: ConfinementFailure }> {
  const opened: FileHandle[] = [];
  try {
    const walked = await walk(roots, absolutePath, options, opened);
    if ('reason' in walked) return { ok: false, failure: walked };
    return { ok: true, value: await use(walked) };
  } finally {
    await Promise.all(opened.map((handle) => handle.close()));
  }
}

/** Walk again from the top: after following `link`, or (no link) because the tree changed under us. */
type Restart = { restartAt: string; link?: string };

async function walk(
  roots: readonly ConfinedRoot[],
  absolutePath: string,
  options: ConfinedOptions,
  opened: FileHandle[],
): Promise<ConfinedTarget | ConfinementFailure> {
  let pending = absolutePath;
  let races = 0;
  let link: string | undefined;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const located = locateInRoots(roots, pending);
    if (located === undefined)
      return link === undefined ? { reason: 'outside' } : { reason: 'outside', link };
    if (options.write && !located.root.writable) return { reason: 'read-only' };
    const step = await walkFromRoot(located.root, located.names, options, opened);
    if (!('restartAt' in step)) return step;
    if (step.link === undefined) races++;
    else link = step.link;
    pending = step.restartAt;
  }
  return races > 0 ? { reason: 'kept-changing' } : { reason: 'too-many-links' };
}

async function walkFromRoot(
  root: ConfinedRoot,
  names: readonly string[],
  options: ConfinedOptions,
  opened: FileHandle[],
): Promise<ConfinedTarget | ConfinementFailure | Restart> {
  const rootDirectory = await openRootDirectory(root.aliases.at(-1) ?? root.path, root.path).catch(
    (error: NodeJS.ErrnoException) => error,
  );
  if (rootDirectory instanceof Error) return { reason: 'file-system', error: rootDirectory, path: root.path };
  if (rootDirectory === undefined) return { reason: 'no-proc-fd' };
  opened.push(rootDirectory.handle);
  let current = rootDirectory;
  for (const [index, name] of names.entries()) {
    const rest = names.slice(index + 1);
    const isFinal = rest.length === 0;
    let child = await openChild(current, name, isFinal, options.createParents && !isFinal);
    if ('created' in child) child = await openChild(current, name, isFinal, false);
    if ('handle' in child) {
      if (child.handle !== undefined) opened.push(child.handle);
      if (isFinal)
        return { root, path: join(current.path, name), parent: current, name, handle: child.handle };
      if (child.handle === undefined) {
        // Made a moment ago and gone again: something is moving folders, so walk again.
        if (options.createParents) return { restartAt: join(current.path, name, ...rest) };
        return missing(current, name);
      }
      current = { handle: child.handle, path: join(current.path, name) };
      continue;
    }
    if ('target' in child) {
      return { restartAt: resolve(current.path, child.target, ...rest), link: join(current.path, name) };
    }
    if ('raced' in child || 'created' in child) return { restartAt: join(current.path, name, ...rest) };
    return { reason: 'file-system', error: child.error, path: join(current.path, name) };
  }
  const self = await open(procPath(current, '.'), FINAL_FLAGS);
  opened.push(self);
  return { root, path: current.path, parent: current, name: '.', handle: self };
}

function missing(directory: PinnedDirectory, name: string): ConfinementFailure {
  const error: NodeJS.ErrnoException = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  return { reason: 'file-system', error, path: join(directory.path, name) };
}

type Child =
  | { handle: FileHandle | undefined }
  | { target: string }
  | { created: true }
  | { raced: true }
  | { error: NodeJS.ErrnoException };

/**
 * Opens one name under a pinned directory without following a link. A link comes back as its target
 * (read through the same pinned directory); a name that changed kind between the open and the look
 * comes back as `raced`, so the walk starts over. `created` means a missing directory was just made:
 * open it again (without creating) to pin it.
 */
async function openChild(
  directory: PinnedDirectory,
  name: string,
  isFinal: boolean,
  createMissing: boolean,
): Promise<Child> {
  const path = procPath(directory, name);
  try {
    return { handle: await open(path, isFinal ? FINAL_FLAGS : DIRECTORY_FLAGS) };
  } catch (error) {
    if (!isErrno(error)) throw error;
    if (error.code === 'ENOENT') {
      if (!createMissing) return { handle: undefined };
      // mkdir never follows a link in the last name; a link planted in between fails the next open.
      await mkdir(path).catch((mkdirError: NodeJS.ErrnoException) => {
        if (mkdirError.code !== 'EEXIST') throw mkdirError;
      });
      return { created: true };
    }
    // O_NOFOLLOW gives ELOOP on a link, and ENOTDIR when O_DIRECTORY is also set.
    if (error.code !== 'ELOOP' && error.code !== 'ENOTDIR') return { error };
    const target = await readlink(path).catch((readError: NodeJS.ErrnoException) => readError);
    if (!(target instanceof Error)) return { target };
    if (target.code !== 'EINVAL' && target.code !== 'ENOENT') return { error: target };
    // Not a link (any more): a plain file in the middle of the path is a real error; anything else changed under us.
    const now = await lstat(path).catch(() => undefined);
    if (error.code === 'ENOTDIR' && now !== undefined && !now.isDirectory() && !now.isSymbolicLink()) {
      return { error };
    }
    return { raced: true };
  }
}

function isErrno(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
