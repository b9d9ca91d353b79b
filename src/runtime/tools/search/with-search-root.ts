import type { FileHandle } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { withConfinedPath } from '../../sandbox/confined-files/confined-path';
import { type ConfinedRoot, confinedRoots } from '../../sandbox/confined-files/confined-root';
import { confinementMessage } from '../file-editor/confinement-message';
import type { PinnedDirectory } from '../../sandbox/confined-files/pinned-directory';
import { doesNotExist, fileSystemError } from '../../sandbox/confined-files/read-text-file';
import { absoluteEditorPath } from '../file-editor/workspace-path';
import type { ToolContext } from '../tool';
import { createIgnoreRules, type IgnoreRules } from './ignore-rules';
import { readGitignore } from './walk-confined-tree';

/** Where a search starts, resolved and held open. Valid only inside the callback: do not keep it. */
export interface SearchRoot {
  /** The real path searched (links on the way resolved), as shown to the model. */
  path: string;
  /** Set when the path is a directory. */
  directory?: PinnedDirectory;
  /** Set when the path is a file (grep searches just it). */
  file?: FileHandle;
  /** The .gitignore rules of the folders above it inside its root; the walk adds those below. */
  ignore: IgnoreRules;
  /** The searched path relative to its root, for the rules' bases. */
  ignoreBase: string;
}

export type SearchOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Resolves the path a read-only tool was given (the workspace when absent) exactly as the file editor
 * does, never leaving the workspace or the read-only roots and never following a link out, then runs
 * `use` with it held open. Refusals and missing paths come back as text the model reads.
 */
export async function withSearchRoot<T>(
  path: string | undefined,
  context: ToolContext,
  tool: string,
  use: (root: SearchRoot) => Promise<T>,
): Promise<SearchOutcome<T>> {
  const absolute = absoluteEditorPath(path ?? context.workspaceDir, context.workspaceDir);
  if (!absolute.ok) return { ok: false, error: absolute.error };
  const roots = await confinedRoots(context.workspaceDir, context.readOnlyRoots);
  const options = { write: false, createParents: false };
  try {
    const result = await withConfinedPath(roots, absolute.path, options, async (target) => {
      if (target.handle === undefined) return { ok: false as const, error: doesNotExist(target.path) };
      const names = namesBelow(target.root, target.path);
      const ignore = await ancestorRules(roots, target.root, names);
      const stats = await target.handle.stat();
      const searchRoot: SearchRoot = { path: target.path, ignore, ignoreBase: names.join('/') };
      if (stats.isDirectory()) searchRoot.directory = { handle: target.handle, path: target.path };
      else if (stats.isFile()) searchRoot.file = target.handle;
      else return { ok: false as const, error: `${target.path} is neither a directory nor a regular file.` };
      return { ok: true as const, value: await use(searchRoot) };
    });
    if (result.ok) return result.value;
    return {
      ok: false,
      error: confinementMessage(result.failure, absolute.path, context.workspaceDir, tool),
    };
  } catch (error) {
    if (error instanceof Error && 'code' in error) {
      return { ok: false, error: fileSystemError(error as NodeJS.ErrnoException, absolute.path) };
    }
    throw error;
  }
}

function namesBelow(root: ConfinedRoot, path: string): string[] {
  const fromRoot = relative(root.path, path);
  return fromRoot === '' ? [] : fromRoot.split(sep);
}

/** Each folder's .gitignore from the root down to the searched path's parent, read confined too. */
async function ancestorRules(
  roots: readonly ConfinedRoot[],
  root: ConfinedRoot,
  names: readonly string[],
): Promise<IgnoreRules> {
  let rules = createIgnoreRules();
  for (let depth = 0; depth < names.length; depth++) {
    const folder = names.slice(0, depth);
    const read = await withConfinedPath(
      roots,
      join(root.path, ...folder),
      { write: false, createParents: false },
      async (target) =>
        target.handle === undefined ? undefined : readGitignore({ handle: target.handle, path: target.path }),
    ).catch(() => undefined);
    if (read?.ok && read.value !== undefined) rules = rules.with(folder.join('/'), read.value);
  }
  return rules;
}
