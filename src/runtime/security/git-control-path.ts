/**
 * The entries of a git directory that make git run programs or decide which repository it uses:
 * `config` (fsmonitor, pager, aliases, filters, include.path…), `config.worktree`, `hooks`, `info`
 * (attributes pick diff and merge drivers) and `commondir` (a linked worktree's pointer to the
 * repository whose config and hooks it uses). Submodules keep theirs under `modules/<name>/`.
 */
export const GIT_CONTROL_ENTRIES = ['config', 'config.worktree', 'hooks', 'info', 'commondir'] as const;

/** Under a `.git` directory, at any submodule depth, or a linked worktree's own config and pointer. */
const GIT_CONTROL_PATH =
  /(?:^|\/)\.git(?:$|\/(?:modules\/(?:[^/]+\/)+?)?(?:config|config\.worktree|hooks|info|commondir)(?:\/|$)|\/worktrees\/[^/]+\/(?:config\.worktree|commondir)$)/;

/**
 * True when a resolved path (see resolveCommandPath) is one whose change the person's own git would
 * act on: inside an entry above, or a `.git` itself (a `.git` file names the git directory to use).
 */
export function isGitControlPath(path: string): boolean {
  return GIT_CONTROL_PATH.test(path);
}
