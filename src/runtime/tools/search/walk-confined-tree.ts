import type { Dirent } from 'node:fs';
import { type FileHandle, open, readdir } from 'node:fs/promises';
import {
  DIRECTORY_FLAGS,
  FINAL_FLAGS,
  type PinnedDirectory,
  procPath,
} from '../../sandbox/confined-files/pinned-directory';
import type { IgnoreRules } from './ignore-rules';

export type EntryKind = 'file' | 'directory' | 'link' | 'other';

/** One name met by the walk. Valid only during the visit: `parent` is closed once its folder is done. */
export interface WalkedEntry {
  /** From the searched directory, `/`-separated. */
  relativePath: string;
  /** As shown to the model: the searched directory's path and the names below it. */
  path: string;
  parent: PinnedDirectory;
  name: string;
  kind: EntryKind;
  /** 1 for the searched directory's own entries. */
  depth: number;
}

export interface WalkOptions {
  /** The .gitignore rules in force at the searched directory (its ancestors' inside the workspace). */
  ignore: IgnoreRules | undefined;
  /** The searched directory relative to the folder the ignore rules' bases are relative to. */
  ignoreBase: string;
  /** Deepest level visited (1: the directory's own entries); absent: no bound but the entry limit. */
  maxDepth?: number;
  /** Entries visited before the walk stops and reports `truncated`. */
  maxEntries: number;
  signal: AbortSignal;
  /** Visit hidden names too (list_dir); a search skips them, as ripgrep does. */
  hidden?: boolean;
  /**
   * Starts reading a file ahead of its visit (a few at a time, in the same folder), so reads overlap;
   * undefined: nothing to read. Its result is handed to the visit. Every read is awaited before the
   * folder's handle is closed, so none runs on a closed (and perhaps reused) descriptor.
   */
  prefetch?: (entry: WalkedEntry) => Promise<unknown> | undefined;
}

/** Files of one folder read ahead of their visit. */
const PREFETCH_AHEAD = 8;

/** The answer of a visit: `stop` ends the walk (the caller has what it needs), `skip` leaves a folder out. */
export type VisitAnswer = 'stop' | 'skip' | undefined;
export type Visit = (entry: WalkedEntry, prefetched?: unknown) => Promise<VisitAnswer> | VisitAnswer;

/**
 * Walks a pinned directory depth first, names sorted, the way ripgrep chooses files: hidden names
 * (`.git` among them) skipped unless asked for, .gitignore rules honoured when given (a folder's own rules apply below it). Every folder
 * is read through its open handle and every subfolder opened relative to it with O_NOFOLLOW, so a
 * link is reported (kind `link`) and never walked into, and a folder swapped for a link after it was
 * listed fails to open and is skipped: the walk cannot leave the directory it was given.
 */
export async function walkConfinedTree(
  start: PinnedDirectory,
  options: WalkOptions,
  visit: Visit,
): Promise<{ truncated: boolean; stopped: boolean }> {
  let visited = 0;
  let truncated = false;
  let stopped = false;

  const walkFolder = async (
    folder: PinnedDirectory,
    relativeFolder: string,
    ignore: IgnoreRules | undefined,
    depth: number,
  ): Promise<void> => {
    const rules =
      ignore === undefined ? undefined : await withOwnRules(folder, ignore, relativeFolder, options);
    // A folder that cannot be read (permissions, removed meanwhile) walks as empty.
    const names = await readdir(procPath(folder), { withFileTypes: true }).catch(() => []);
    names.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    const entries: WalkedEntry[] = [];
    for (const entry of names) {
      if (entry.name.startsWith('.') && options.hidden !== true) continue;
      const relativePath = relativeFolder === '' ? entry.name : `${relativeFolder}/${entry.name}`;
      const kind = kindOf(entry);
      if (rules?.ignores(joinBase(options.ignoreBase, relativePath), kind === 'directory')) continue;
      entries.push({
        relativePath,
        path: `${folder.path}/${entry.name}`,
        parent: folder,
        name: entry.name,
        kind,
        depth,
      });
    }
    const reads = new Map<number, Promise<unknown>>();
    const readAhead = (from: number) => {
      for (let index = from; index < Math.min(entries.length, from + PREFETCH_AHEAD); index++) {
        const entry = entries[index] as WalkedEntry;
        if (reads.has(index) || entry.kind !== 'file' || options.prefetch === undefined) continue;
        // A failed read is the visit's to report; here it must only never be left unawaited.
        const read = options.prefetch(entry)?.catch((error: unknown) => error);
        if (read !== undefined) reads.set(index, read);
      }
    };
    try {
      for (const [index, entry] of entries.entries()) {
        if (stopped || truncated || options.signal.aborted) return;
        if (++visited > options.maxEntries) {
          truncated = true;
          return;
        }
        readAhead(index);
        const answer = await visit(entry, await reads.get(index));
        reads.delete(index);
        if (answer === 'stop') {
          stopped = true;
          return;
        }
        if (answer === 'skip') continue;
        if (entry.kind === 'directory' && (options.maxDepth === undefined || depth < options.maxDepth)) {
          const handle = await openFolder(folder, entry.name);
          if (handle === undefined) continue;
          try {
            await walkFolder({ handle, path: entry.path }, entry.relativePath, rules, depth + 1);
          } finally {
            await handle.close();
          }
        }
      }
    } finally {
      await Promise.all(reads.values());
    }
  };

  await walkFolder(start, '', options.ignore, 1);
  return { truncated, stopped };
}

function kindOf(entry: Dirent): EntryKind {
  if (entry.isDirectory()) return 'directory';
  if (entry.isSymbolicLink()) return 'link';
  return entry.isFile() ? 'file' : 'other';
}

/** Swapped for a link or removed since it was listed: left out rather than followed. */
function openFolder(parent: PinnedDirectory, name: string): Promise<FileHandle | undefined> {
  return open(procPath(parent, name), DIRECTORY_FLAGS).catch(() => undefined);
}

function joinBase(base: string, relativePath: string): string {
  return base === '' ? relativePath : `${base}/${relativePath}`;
}

/** Rules files larger than this are not git's business either; read no further. */
const MAX_GITIGNORE_BYTES = 1024 * 1024;

async function withOwnRules(
  folder: PinnedDirectory,
  ignore: IgnoreRules,
  relativeFolder: string,
  options: WalkOptions,
): Promise<IgnoreRules> {
  const text = await readGitignore(folder);
  return text === undefined ? ignore : ignore.with(joinBase(options.ignoreBase, relativeFolder), text);
}

/** The folder's .gitignore when it is a regular file (never through a link); undefined otherwise. */
export async function readGitignore(folder: PinnedDirectory): Promise<string | undefined> {
  const handle = await open(procPath(folder, '.gitignore'), FINAL_FLAGS).catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_GITIGNORE_BYTES) return undefined;
    return (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close();
  }
}
