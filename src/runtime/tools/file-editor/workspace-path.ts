import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** An absolute, normalised path, or the text telling the model how to fix a relative one. */
export function absoluteEditorPath(
  path: string,
  workspaceDir: string,
): { ok: true; path: string } | { ok: false; error: string } {
  if (isAbsolute(path)) return { ok: true, path: resolve(path) };
  const suggestion = path.startsWith('~') ? 'the full path of the home directory' : join(workspaceDir, path);
  return {
    ok: false,
    error: `The path must be absolute (start with /); got a relative path. Use ${suggestion} instead.`,
  };
}

/**
 * True when `path` lies inside the workspace once symbolic links are followed, so a link inside the
 * workspace that points elsewhere does not let a write escape. Works for paths that do not exist yet.
 */
export async function isInsideWorkspace(path: string, workspaceDir: string): Promise<boolean> {
  const root = await realPathOfNearestExisting(resolve(workspaceDir));
  const target = await realPathOfNearestExisting(resolve(path));
  const fromRoot = relative(root, target);
  return fromRoot === '' || (!isAbsolute(fromRoot) && fromRoot !== '..' && !fromRoot.startsWith(`..${sep}`));
}

async function realPathOfNearestExisting(path: string): Promise<string> {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(await realpath(current), ...missing.reverse());
    } catch {
      // Not there (yet): resolve the parent and put the missing names back on.
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}
