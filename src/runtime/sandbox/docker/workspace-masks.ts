import { lstatSync } from 'node:fs';
import { deniedPaths } from '../denied-paths';
import { realHostView } from '../host-view';
import { isInside } from '../toolchain-roots';

export interface WorkspaceMasks {
  /** Files shown as an empty read-only file (/dev/null). */
  files: string[];
  /** Folders shown as an empty read-only tmpfs. */
  folders: string[];
}

/**
 * What of the hidden paths (the data dir, the credential folders of `homeDir`, the deny list) lies
 * inside the workspace, which the container binds whole: each is masked at its place, as bwrap's
 * mount plan masks it. Paths outside the workspace need nothing: the container has none of the host.
 */
export function workspaceMasks(
  workspaceDir: string,
  hidden: { homeDir: string | undefined; dataDir: string; denyPaths: readonly string[] },
): WorkspaceMasks {
  const masks: WorkspaceMasks = { files: [], folders: [] };
  for (const path of deniedPaths(hidden)) {
    const real = realHostView.realPath(path);
    if (!isInside(real, workspaceDir) || real === workspaceDir) continue;
    try {
      const found = lstatSync(real);
      if (found.isDirectory()) masks.folders.push(real);
      else masks.files.push(real);
    } catch {
      // not there now: nothing to mask (a path made later is the next container's to mask)
    }
  }
  return masks;
}
