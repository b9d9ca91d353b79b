import { mkdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { type ConfinedTarget, withConfinedPath } from '../sandbox/confined-files/confined-path';
import type { ConfinedRoot } from '../sandbox/confined-files/confined-root';
import { procPath } from '../sandbox/confined-files/pinned-directory';
import { confiningFolder } from './confining-folder';
import type { ForbiddenPaths } from './forbidden-paths';

/** Bounds the folders made for one path (and retries when they vanish as they are made). */
const MAX_CREATED_FOLDERS = 64;

export type PathRefusal =
  | { reason: 'not-absolute' }
  | { reason: 'forbidden' }
  /** A link on the way leads out of the folder the path is confined to (see confiningFolder). */
  | { reason: 'link-outside' }
  /** A folder on the way is missing (and was not to be made) or a file stands where a folder should. */
  | { reason: 'not-found' }
  | { reason: 'not-a-directory' }
  /** Too many links, a tree that kept changing, or no /proc/self/fd to walk with. */
  | { reason: 'unresolvable' }
  | { reason: 'file-system'; error: NodeJS.ErrnoException };

export interface AllowedPathOptions {
  /** Make missing folders on the way, like mkdir -p; each is checked before it is made. */
  createParents: boolean;
  /** What the path names: a file (its links stay in its folder) or a folder (its links stay in it). */
  names: 'file' | 'folder';
  /** Every conversation's workspace: a path in one never leaves it through a link. */
  workspaces: readonly string[];
}

const FORBIDDEN = Symbol('forbidden');

/**
 * Resolves `path` the way the file editor does (every folder opened without following links, a link
 * followed by resolving its target and walking again), never leaving the folder confiningFolder picks
 * (the conversation's workspace it lies in, else the folder the person named), then runs `use` on the
 * result unless the real path (links resolved) is forbidden. So neither `..` nor a link planted in a
 * workspace reaches a file outside it, the data dir, credentials, system secrets or deny_paths. Handles
 * are valid only inside `use` (see withConfinedPath). Expected refusals are returned; `use` may throw.
 */
export async function withAllowedPath<T>(
  path: string,
  forbidden: ForbiddenPaths,
  options: AllowedPathOptions,
  use: (target: ConfinedTarget) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; refusal: PathRefusal }> {
  if (!isAbsolute(path)) return { ok: false, refusal: { reason: 'not-absolute' } };
  const absolute = resolve(path);
  if (forbidden.covers(absolute)) return { ok: false, refusal: { reason: 'forbidden' } };
  const confining = await confiningFolder(absolute, options.workspaces, options.names);
  if (forbidden.covers(confining.path)) return { ok: false, refusal: { reason: 'forbidden' } };
  const roots = [confining.root];
  for (let created = 0; created <= MAX_CREATED_FOLDERS; created++) {
    const result = await withConfinedPath(
      roots,
      confining.path,
      { write: false, createParents: false },
      async (target) => (forbidden.covers(target.path) ? FORBIDDEN : { value: await use(target) }),
    );
    if (result.ok) {
      if (result.value === FORBIDDEN) return { ok: false, refusal: { reason: 'forbidden' } };
      return { ok: true, value: result.value.value };
    }
    const failure = result.failure;
    if (failure.reason === 'outside') {
      return { ok: false, refusal: { reason: 'link-outside' } };
    }
    if (failure.reason !== 'file-system') return { ok: false, refusal: { reason: 'unresolvable' } };
    const code = failure.error.code;
    if (code === 'ENOTDIR') return { ok: false, refusal: { reason: 'not-a-directory' } };
    if (code !== 'ENOENT') return { ok: false, refusal: { reason: 'file-system', error: failure.error } };
    // failure.path is the first missing folder, as really found (links before it resolved).
    if (!options.createParents) return { ok: false, refusal: { reason: 'not-found' } };
    if (forbidden.covers(failure.path)) return { ok: false, refusal: { reason: 'forbidden' } };
    const made = await makeFolder(roots, failure.path, forbidden);
    if (made !== undefined) return { ok: false, refusal: made };
  }
  return { ok: false, refusal: { reason: 'unresolvable' } };
}

/** Makes one folder inside its pinned parent, after checking the parent's real path again. */
async function makeFolder(
  roots: readonly ConfinedRoot[],
  folder: string,
  forbidden: ForbiddenPaths,
): Promise<PathRefusal | undefined> {
  const result = await withConfinedPath(
    roots,
    dirname(folder),
    { write: false, createParents: false },
    async (parent): Promise<PathRefusal | undefined> => {
      if (forbidden.covers(parent.path) || forbidden.covers(join(parent.path, basename(folder)))) {
        return { reason: 'forbidden' };
      }
      // Gone again since the walk: the caller walks once more.
      if (parent.handle === undefined) return undefined;
      if (!(await parent.handle.stat()).isDirectory()) return { reason: 'not-a-directory' };
      // mkdir never follows a link in the last name; made under the pinned parent, by its fd.
      await mkdir(procPath({ handle: parent.handle, path: parent.path }, basename(folder))).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        },
      );
      return undefined;
    },
  );
  return result.ok ? result.value : { reason: 'unresolvable' };
}
