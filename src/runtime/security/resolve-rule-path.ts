import { posix } from 'node:path';

/** An absolute, normalised path: relative ones start at the workspace. `..` cannot climb above `/`. */
export function resolveRulePath(path: string, workspaceDir: string): string {
  return posix.resolve(workspaceDir, path);
}
