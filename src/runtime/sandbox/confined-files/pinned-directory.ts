import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';

/**
 * An open directory and the path it is shown as. Names below it are reached through
 * `/proc/self/fd/<fd>/<name>`: the kernel resolves the fd link to the very directory that was opened,
 * however the tree has been renamed or swapped since, which is the openat() Node lacks.
 */
export interface PinnedDirectory {
  readonly handle: FileHandle;
  readonly path: string;
}

export function procPath(directory: PinnedDirectory, name?: string): string {
  const base = `/proc/self/fd/${directory.handle.fd}`;
  return name === undefined ? base : `${base}/${name}`;
}

export const DIRECTORY_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
/** O_NONBLOCK so a named pipe planted in the workspace cannot hang the open; it is refused after fstat. */
export const FINAL_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Opens a root directory (its path is trusted and may contain links) and checks that
 * `/proc/self/fd/<fd>` really is that directory; returns undefined when it is not, so the caller
 * refuses instead of falling back to resolving paths by name. Throws file system errors (ENOENT...).
 */
export async function openRootDirectory(path: string, shownAs: string): Promise<PinnedDirectory | undefined> {
  const handle = await open(path, constants.O_RDONLY | constants.O_DIRECTORY);
  const pinned = { handle, path: shownAs };
  const [opened, viaProc] = await Promise.all([handle.stat(), stat(procPath(pinned)).catch(() => undefined)]);
  if (viaProc === undefined || !sameFile(opened, viaProc)) {
    await handle.close();
    return undefined;
  }
  return pinned;
}

function sameFile(left: Stats, right: Stats): boolean {
  return left.dev === right.dev && left.ino === right.ino;
}
