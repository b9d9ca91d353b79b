import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfinedTarget } from '../sandbox/confined-files/confined-path';
import { procPath } from '../sandbox/confined-files/pinned-directory';
import type { ForbiddenPaths } from './forbidden-paths';

export interface SubdirectoryEntry {
  name: string;
  path: string;
}

/**
 * The folders directly inside `target` (a folder, pinned), sorted by name ignoring case: links and files
 * skipped, hidden names only when asked, forbidden folders (the data dir, credentials) never. `shownAs`
 * is the path the caller asked for, which the answer's paths start with. Must run inside
 * withAllowedPath's callback; undefined when the target is not a folder.
 */
export async function listSubdirectories(
  target: ConfinedTarget,
  shownAs: string,
  forbidden: ForbiddenPaths,
  includeHidden: boolean,
): Promise<SubdirectoryEntry[] | undefined> {
  if (target.handle === undefined || !(await target.handle.stat()).isDirectory()) return undefined;
  const entries = await readdir(procPath({ handle: target.handle, path: target.path }), {
    withFileTypes: true,
  });
  return entries
    .filter((entry) => entry.isDirectory() && (includeHidden || !entry.name.startsWith('.')))
    .filter((entry) => !forbidden.covers(join(target.path, entry.name)))
    .map((entry) => ({ name: entry.name, path: join(shownAs, entry.name) }))
    .sort((left, right) => compareNames(left.name, right.name));
}

function compareNames(left: string, right: string): number {
  const byLower = left.toLowerCase().localeCompare(right.toLowerCase());
  return byLower !== 0 ? byLower : left.localeCompare(right);
}
