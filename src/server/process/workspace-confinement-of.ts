import { type WorkspaceConfinement, workspaceConfinement } from '../../runtime/sandbox/workspace-confinement';
import { WorkspaceError } from '../../runtime/sandbox/workspace-error';
import type { ServerContext } from '../http/server-context';

/**
 * The workspace API's confinement rules as the settings say now, in the runtime's default sandbox
 * (read on every call, so a changed deny list applies at once). Throws WorkspaceError `workspace_unavailable` without a data dir: the
 * server cannot tell what to hide then.
 */
export function workspaceConfinementOf(context: ServerContext): WorkspaceConfinement {
  if (context.dataDir === undefined) {
    throw new WorkspaceError('workspace_unavailable', 'The workspace API needs the runtime data dir');
  }
  if (context.workspaceConfinement) return context.workspaceConfinement();
  return workspaceConfinement({
    dataDir: context.dataDir,
    sandboxSettings: context.settings.current().sandbox,
  });
}
