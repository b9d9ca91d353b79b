import { type Dirent, type FSWatcher, type Stats, watch } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { markedPaths } from './marked-paths';

/**
 * Counts the changes under a workspace, so a snapshot taken earlier can be known to still hold.
 * One inotify watch per folder (fs.watch, never recursive by Node's walker), added before the folder
 * is read, so nothing created after its listing is missed; folders created later are watched when
 * their creation is seen. Links are never followed into. `.git` is watched like every folder: a
 * hard link in it reaches a workspace file, and a write through it is seen only by its own folder's watch.
 */
export interface WorkspaceWatcher {
  /** How many changes were seen so far; equal at two moments means nothing changed in between. */
  generation(): number;
  /**
   * False once a change may have been missed (a watch failed, too many folders): the generation
   * then proves nothing, and every snapshot must be taken fresh.
   */
  healthy(): boolean;
  /**
   * Resolves once every change made before the call is counted and every folder created before it is
   * watched. The kernel queues a change's inotify event inside the call that makes it, so every change
   * made before this call is already queued on libuv's inotify descriptor. That descriptor is read,
   * up to empty, in the poll phase of the loop. Two turns of the loop (two setImmediate hops) let the
   * second turn's poll read it in full after the call began; the folders that events named are then
   * looked at.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface WatchWorkspaceOptions {
  /** Past this many watched folders the watcher gives up (healthy() false). */
  maxDirectories?: number;
}

export const DEFAULT_MAX_WATCHED_DIRECTORIES = 4_096;
/**
 * Past this many distinct paths waiting for a look the watcher gives up. Files count, not only
 * folders: a checkout writes thousands at once, which is no reason to stop watching (a map entry each).
 */
const MAX_MARKED_PATHS = 65_536;

/** Watches `workspaceDir` (its real path); resolves once every folder found is watched. Never rejects. */
export async function watchWorkspace(
  workspacePath: string,
  options: WatchWorkspaceOptions = {},
): Promise<WorkspaceWatcher> {
  // Its parent is not watched: the root deleted, moved or made again is seen only from its own watch.
  const workspaceDir = await realpath(workspacePath).catch(() => workspacePath);
  const maxDirectories = options.maxDirectories ?? DEFAULT_MAX_WATCHED_DIRECTORIES;
  const folders = new Map<string, { watcher: FSWatcher; identity: string }>();
  let generation = 0;
  let broken = false;
  let closed = false;

  const giveUp = () => {
    broken = true;
    for (const { watcher } of folders.values()) watcher.close();
    folders.clear();
    marked.clear();
  };

  const forget = (path: string) => {
    // Nothing below a folder is watched unless the folder is: most events name files.
    if (!folders.has(path)) return;
    for (const [folder, { watcher }] of folders) {
      if (folder === path || folder.startsWith(`${path}/`)) {
        watcher.close();
        folders.delete(folder);
      }
    }
  };

  /**
   * An event only marks the path it names (marked-paths.ts). A `rename` (created, deleted, moved) of a
   * folder is watched afresh: a folder deleted and made again may even get the same inode back, and the
   * old watch died with the old folder.
   */
  const onChange = (folder: string, type: string, name: string | Buffer | null) => {
    generation += 1;
    if (broken || closed) return;
    // The root's own deletion or move comes as a rename named like it (so may a child's: same answer).
    if (folder === workspaceDir && type === 'rename' && name?.toString() === basename(workspaceDir))
      return giveUp();
    const path = name === null ? undefined : join(folder, name.toString());
    if (!marked.mark(path, type === 'rename', folder === workspaceDir)) giveUp();
  };

  const lookAgain = async (child: string, renamed: boolean) => {
    const stat = await lstat(child).catch(() => undefined);
    if (!stat?.isDirectory()) return forget(child);
    if (renamed || folders.get(child)?.identity !== identity(stat)) await addTree(child);
  };

  /** Watches `folder`, then reads it and watches its subfolders; a folder swapped meanwhile counts as a change. */
  const addTree = async (folder: string): Promise<void> => {
    if (broken || closed) return;
    let before: Awaited<ReturnType<typeof lstat>>;
    try {
      before = await lstat(folder);
    } catch {
      return; // Gone already: its removal was an event of the folder above.
    }
    if (!before.isDirectory()) return;
    if (folders.size >= maxDirectories) return giveUp();
    forget(folder);
    // Moved or deleted while watched and read: not watched here (isGone says why); the root must be.
    const vanished = (error: unknown) => {
      if (folder === workspaceDir || !isGone(error)) return giveUp();
      forget(folder);
    };
    try {
      const watcher = watch(folder, { persistent: false }, (type, name) => onChange(folder, type, name));
      watcher.on('error', giveUp);
      folders.set(folder, { watcher, identity: identity(before) });
    } catch (error) {
      return vanished(error);
    }
    let entries: Dirent[];
    let after: Stats;
    try {
      entries = await readdir(folder, { withFileTypes: true });
      after = await lstat(folder);
    } catch (error) {
      return vanished(error);
    }
    // Replaced while read (perhaps by a link): never walk what it points to, and trust nothing below it.
    if (!after.isDirectory() || identity(after) !== identity(before)) return giveUp();
    await Promise.all(
      entries.filter((entry) => entry.isDirectory()).map((entry) => addTree(join(folder, entry.name))),
    );
  };

  /** The workspace folder itself replaced (another identity, or none): nothing below it is watched any more. */
  const checkRoot = async () => {
    const stat = await lstat(workspaceDir).catch(() => undefined);
    if (!stat?.isDirectory() || identity(stat) !== folders.get(workspaceDir)?.identity) giveUp();
  };

  const marked = markedPaths({
    look: lookAgain,
    lookAtRoot: checkRoot,
    stopped: () => broken || closed,
    onError: giveUp,
    limit: MAX_MARKED_PATHS,
  });

  await addTree(workspaceDir).catch(giveUp);
  // A workspace missing (or not a folder) is not watched: nothing could prove it unchanged.
  if (!folders.has(workspaceDir)) giveUp();

  return {
    generation: () => generation,
    healthy: () => !broken && !closed,
    async settle() {
      if (broken || closed) return;
      // The first hop may run in this very turn, after its poll; the second's turn polls after the call.
      await nextTurn();
      await nextTurn();
      await marked.lookedAtAll();
    },
    async close() {
      closed = true;
      for (const { watcher } of folders.values()) watcher.close();
      folders.clear();
      marked.clear();
    },
  };
}

/** Resolves in the check phase of a loop turn: after that turn's poll phase has read what was ready. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The path no longer names a folder: moved or deleted (or a file now stands where it was), perhaps by
 * a build renaming folders in turn. Below the root that is an event of the folder above, already
 * watched, which looks at both names again; only the root has no folder above to tell.
 */
function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A folder's identity: its inode, and its birth time where the file system keeps one (ext4 hands a freed inode out again at once). */
function identity(stat: Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.birthtimeMs}`;
}
