import type { ConfinementFailure } from '../../sandbox/confined-files/confined-path';
import { fileSystemError } from '../../sandbox/confined-files/read-text-file';

/**
 * The refusal the model reads: what was refused, where the tool does work, and what to do instead.
 * `tool` names the tool as the sentence starts ("The file editor", "grep").
 */
export function confinementMessage(
  failure: ConfinementFailure,
  path: string,
  workspaceDir: string,
  tool = 'The file editor',
): string {
  const inside = `${tool} only works inside the workspace ${workspaceDir}`;
  switch (failure.reason) {
    case 'outside':
      return failure.link === undefined
        ? `${path} is outside the workspace ${workspaceDir}. ${inside}; give a path under it.`
        : `${path} goes through the symbolic link ${failure.link}, which points outside the workspace ${workspaceDir}. ${inside}, and refuses links that lead out of it.`;
    case 'read-only':
      return `${path} is in a read-only location (saved tool output): view it, but do not edit it. ${inside}; copy what you need there to change it.`;
    case 'too-many-links':
      return `${path} goes through too many symbolic links (a loop?). ${inside} and could not resolve this path.`;
    case 'kept-changing':
      return `${path} kept changing (folders replaced by symbolic links) while it was resolved, so it was refused. ${inside}; try again once nothing else is moving those folders.`;
    case 'no-proc-fd':
      return `${tool} cannot confine paths safely here (/proc/self/fd is not available, which it needs on Linux), so it refuses rather than risk leaving the workspace ${workspaceDir}. Use the terminal.`;
    case 'file-system':
      // The walk names the component that failed (a missing folder on the way, an unreadable root).
      return fileSystemError(failure.error, failure.path);
  }
}
