import { type FileHandle, open, readdir } from 'node:fs/promises';
import {
  DIRECTORY_FLAGS,
  FINAL_FLAGS,
  type PinnedDirectory,
  procPath,
} from '../file-editor/pinned-directory';
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
}

/** The answer of a visit: `stop` ends the walk (the caller has what it needs), `skip` leaves a folder out. */
export type VisitAnswer = 'stop' | 'skip' | undefined;
export type Visit = (entry: WalkedEntry) => Promise<VisitAnswer> | VisitAnswer;

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
    const entries = await readdir(procPath(folder), { withFileTypes: true }).catch(() => []);
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      if (stopped || truncated || options.signal.aborted) return;
      if (entry.name.startsWith('.') && options.hidden !== true) continue;
      const relativePath = relativeFolder === '' ? entry.name : `${relativeFolder}/${entry.name}`;
      const kind: EntryKind = entry.isDirectory()
        ? 'directory'
        : entry.isSymbolicLink()
          ? 'link'
          : entry.isFile()
            ? 'file'
            : 'other';
      if (rules?.ignores(joinBase(options.ignoreBase, relativePath), kind === 'directory')) continue;
      if (++visited > options.maxEntries) {
        truncated = true;
        return;
      }
      const shown = { relativePath, path: `${folder.path}/${entry.name}`, parent: folder, name: entry.name };
      const answer = await visit({ ...shown, kind, depth });
      if (answer === 'stop') {
        stopped = true;
        return;
      }
      if (answer === 'skip') continue;
      if (kind === 'directory' && (options.maxDepth === undefined || depth < options.maxDepth)) {
        const handle = await openFolder(folder, entry.name);
        if (handle === undefined) continue;
        try {
          await walkFolder({ handle, path: shown.path }, relativePath, rules, depth + 1);
        } finally {
          await handle.close();
        }
      }
    }
  };

  await walkFolder(start, '', options.ignore, 1);
  return { truncated, stopped };
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
