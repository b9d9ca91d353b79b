import { realpath } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { RuntimeError } from '../errors/runtime-error';
import { realTarget } from './ensure-working-folder';
import type { ForbiddenPaths } from './forbidden-paths';

/**
 * Refuses a folder an upstream front end wants to save in its workspace list when it is relative
 * (RuntimeError invalid_workspace) or lies where the sandbox hides things: the data dir, a credential
 * folder, deny_paths, /proc, as written and as its real path (links
 * resolved; for a missing folder, its nearest existing parent's)
 * (workspace_forbidden). The same rule as a conversation's folder, so the list never offers one.
 */
export async function checkSavedWorkspace(path: string, forbidden: ForbiddenPaths): Promise<void> {
  if (!isAbsolute(path) || path.includes('\0')) {
    throw new RuntimeError('invalid_workspace', 'A saved workspace must be an absolute path');
  }
  const absolute = resolve(path);
  const real = await realpath(absolute).catch(() => realTarget(absolute));
  if (forbidden.covers(absolute) || forbidden.covers(real)) {
    throw new RuntimeError('workspace_forbidden', `${absolute} lies where the agent may not reach`);
  }
}
