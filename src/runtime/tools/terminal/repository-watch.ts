import { gitProtectionArgs } from '../../sandbox/git-protection-args';
import { realHostView } from '../../sandbox/host-view';

/**
 * Which repositories a workspace holds, as the git binds they need (see gitProtectionArgs), so a
 * terminal can tell when one appeared after its shell started. The search (a few milliseconds, more in
 * a big workspace) runs right after each command, while the model thinks about the next one, not on
 * the next command's path; `current()` searches at once only when asked before that search ran.
 */
export interface RepositoryWatch {
  /** Searches now: what a shell starting now gets. */
  atStart(): string;
  /** Searches soon, off the current call's path. */
  searchSoon(): void;
  /** The latest search, or a new one when none is ready. */
  current(): string;
  close(): void;
}

export function createRepositoryWatch(workspaceDir: string): RepositoryWatch {
  const search = () => gitProtectionArgs(workspaceDir, realHostView).join('\0');
  let latest: string | undefined;
  let pending: NodeJS.Immediate | undefined;
  const cancel = () => {
    if (pending !== undefined) clearImmediate(pending);
    pending = undefined;
  };
  return {
    atStart() {
      cancel();
      latest = search();
      return latest;
    },
    searchSoon() {
      cancel();
      latest = undefined;
      pending = setImmediate(() => {
        pending = undefined;
        latest = search();
      });
    },
    current() {
      if (latest === undefined) {
        cancel();
        latest = search();
      }
      return latest;
    },
    close: cancel,
  };
}
