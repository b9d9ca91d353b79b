import { type ForbiddenPaths, runtimeForbiddenPaths } from '../../runtime/workspace/forbidden-paths';
import { ServiceUnavailableError } from '../http/error-catalogue';
import type { ServerContext } from '../http/server-context';

/** What every file request is checked against, read fresh for each request. */
export interface FileRules {
  forbidden: ForbiddenPaths;
  /** Every conversation's workspace and the launch workspace: where agents write. */
  workspaces: readonly string[];
}

/** The rules for this request; undefined when the runtime has no data dir to protect (the file API is then off). */
export async function fileRules(context: ServerContext): Promise<FileRules | undefined> {
  if (context.dataDir === undefined) return undefined;
  const [paths, workspaces] = await Promise.all([
    runtimeForbiddenPaths(context.dataDir, context.settings.current().sandbox.deny_paths),
    workspacesOf(context),
  ]);
  return { forbidden: paths, workspaces };
}

async function workspacesOf(context: ServerContext): Promise<string[]> {
  // A server built without a conversation service (tests) has only its launch workspace.
  const stored = await Promise.resolve()
    .then(() => context.service().workspaces())
    .catch((error: unknown) => {
      if (error instanceof ServiceUnavailableError) return [];
      throw error;
    });
  return [context.defaultWorkspace, ...stored];
}
