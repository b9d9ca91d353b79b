import { isAbsolute, join, resolve } from 'node:path';

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
