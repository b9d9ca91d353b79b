import { basename, dirname, join } from 'node:path';

/** A fork with its own files gets `<parent>/<workspace name>.branches/<short id>`. */
export const BRANCHES_SUFFIX = '.branches';
/** A conversation created with `worktree: true` gets `<parent>/<repository>.worktrees/<short id>`. */
export const WORKTREES_SUFFIX = '.worktrees';

/**
 * The folder whose branch folders hold `path`: `<parent>/<name>` for `<parent>/<name>.branches` or
 * `.worktrees`, or anything inside them (the closest such folder above wins, so a fork of a fork names
 * the fork). Undefined when `path` is in no such folder. A name only: whether the runtime made the
 * folder is for the caller to know.
 */
export function branchesSource(path: string): string | undefined {
  for (let folder = path; dirname(folder) !== folder; folder = dirname(folder)) {
    const name = basename(folder);
    const suffix = [BRANCHES_SUFFIX, WORKTREES_SUFFIX].find(
      (ending) => name.endsWith(ending) && name.length > ending.length,
    );
    if (suffix) return join(dirname(folder), name.slice(0, -suffix.length));
  }
  return undefined;
}
