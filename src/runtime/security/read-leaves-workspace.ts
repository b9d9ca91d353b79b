import type { Action } from '../events';
import { resolveRulePath } from './resolve-rule-path';
import { isOutsideWorkspace } from './workspace-path';

/**
 * Does a read-only search (grep, glob, list_dir) name a path outside the workspace? Read as written
 * (relative paths from the workspace): the tools themselves refuse every path and link that leads
 * out, except the saved tool outputs, so this only decides whether "Always ask" asks first.
 */
export function readLeavesWorkspace(action: Action, workspaceDir: string): boolean {
  if (action.kind !== 'GrepAction' && action.kind !== 'GlobAction' && action.kind !== 'ListDirAction')
    return false;
  if (action.path === undefined) return false;
  return isOutsideWorkspace(resolveRulePath(action.path, workspaceDir), { workspaceDir }, false);
}
