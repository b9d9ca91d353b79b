import { constants } from 'node:fs';
import { type FileHandle, open, readdir, rmdir, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, sep } from 'node:path';
import { DIRECTORY_FLAGS, type PinnedDirectory, procPath } from '../sandbox/confined-files/pinned-directory';

/** Passes over one folder before giving up on a tree that keeps refilling itself. */
const MAX_PASSES = 20;
/** Deeper trees are refused rather than holding a descriptor per level without end. */
const MAX_DEPTH = 256;

export type FolderRemoval =
  | { ok: true }
  | {
      ok: false;
      /** `link-in-path`: a folder on the way to it is a link now, so it is not the folder that was made. */
      reason: 'link-in-path' | 'kept-changing' | 'too-deep';
      path: string;
    };

export interface RemoveFolderOptions {
  /** Called before each folder's names are read; a test seam for changing the tree at the worst moment. */
  beforeReading?: (path: string) => Promise<void>;
}

class RemovalStopped extends Error {
  constructor(readonly removal: Extract<FolderRemoval, { ok: false }>) {
    super(`${removal.reason}: ${removal.path}`);
  }
}

/**
 * Deletes `folder` (absolute, with no link on its path) and everything in it without ever following a
 * link: every folder on the way and every folder emptied is held open and reached by its descriptor
 * (O_NOFOLLOW, O_DIRECTORY), names are removed with unlink and rmdir, which never follow the last
 * name. So a folder swapped for a link while the delete runs loses the link, never what it points at.
 * A missing folder is removed already. Expected refusals are returned; other file system errors throw.
 */
export async function removeFolderWithoutLinks(
  folder: string,
  options: RemoveFolderOptions = {},
): Promise<FolderRemoval> {
  if (!isAbsolute(folder) || basename(folder) === '') throw new Error(`${folder} is not a folder to remove`);
  const opened: FileHandle[] = [];
  try {
    const parent = await openWithoutLinks(dirname(folder), opened);
    if (parent === undefined) return { ok: true };
    await removeEntry(parent, basename(folder), 0, options);
    return { ok: true };
  } catch (error) {
    if (error instanceof RemovalStopped) return error.removal;
    throw error;
  } finally {
    await Promise.all(opened.map((handle) => handle.close()));
  }
}

/** Opens `path` from `/`, one folder at a time, refusing a link anywhere; undefined when it is missing. */
async function openWithoutLinks(path: string, opened: FileHandle[]): Promise<PinnedDirectory | undefined> {
  let current: PinnedDirectory = {
    handle: await open('/', constants.O_RDONLY | constants.O_DIRECTORY),
    path: '/',
  };
  opened.push(current.handle);
  for (const name of path.split(sep).filter((part) => part !== '')) {
    const next = join(current.path, name);
    const handle = await open(procPath(current, name), DIRECTORY_FLAGS).catch(
      (error: NodeJS.ErrnoException) => error,
    );
    if (handle instanceof Error) {
      if (handle.code === 'ENOENT') return undefined;
      if (handle.code === 'ELOOP' || handle.code === 'ENOTDIR') {
        throw new RemovalStopped({ ok: false, reason: 'link-in-path', path: next });
      }
      throw handle;
    }
    opened.push(handle);
    current = { handle, path: next };
  }
  return current;
}

/**
 * Removes one name under a held-open folder: a link or a file is unlinked; a folder is opened without
 * following links, emptied through its descriptor, then removed. A name that changes kind in between
 * is tried again.
 */
async function removeEntry(
  directory: PinnedDirectory,
  name: string,
  depth: number,
  options: RemoveFolderOptions,
): Promise<void> {
  const shown = join(directory.path, name);
  for (let attempt = 0; attempt < MAX_PASSES; attempt++) {
    const handle = await open(procPath(directory, name), DIRECTORY_FLAGS).catch(
      (error: NodeJS.ErrnoException) => error,
    );
    if (handle instanceof Error) {
      if (handle.code === 'ENOENT') return;
      if (handle.code !== 'ELOOP' && handle.code !== 'ENOTDIR') throw handle;
      // A link or a file: unlink removes the name itself, never what a link points at.
      if (await removeName(() => unlink(procPath(directory, name)), ['EISDIR', 'EPERM'])) return;
      continue;
    }
    try {
      if (depth >= MAX_DEPTH) throw new RemovalStopped({ ok: false, reason: 'too-deep', path: shown });
      await emptyFolder({ handle, path: shown }, depth + 1, options);
    } finally {
      await handle.close();
    }
    // rmdir never follows the last name: a link put in the folder's place fails it (ENOTDIR), and is
    // unlinked on the next attempt; new names since it was emptied fail it too (ENOTEMPTY).
    if (await removeName(() => rmdir(procPath(directory, name)), ['ENOTDIR', 'ENOTEMPTY', 'EEXIST'])) return;
  }
  throw new RemovalStopped({ ok: false, reason: 'kept-changing', path: shown });
}

/** Reads the folder's names until it is empty, removing each; bounded, so a tree refilled without end stops. */
async function emptyFolder(
  folder: PinnedDirectory,
  depth: number,
  options: RemoveFolderOptions,
): Promise<void> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    await options.beforeReading?.(folder.path);
    const names = await readdir(procPath(folder));
    if (names.length === 0) return;
    for (const name of names) await removeEntry(folder, name, depth, options);
  }
  throw new RemovalStopped({ ok: false, reason: 'kept-changing', path: folder.path });
}

/** Runs a removal: true when the name is gone, false when it changed kind (`retry` codes) and needs another try. */
async function removeName(remove: () => Promise<void>, retry: readonly string[]): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return true;
    if (retry.includes(code)) return false;
    throw error;
  }
}
