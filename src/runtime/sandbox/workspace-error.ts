/**
 * Expected refusals of the workspace API (commands, git), each with a stable code; the server's
 * error catalogue gives each its HTTP status. Messages name the path the caller gave, never a
 * secret or anything read from the workspace.
 */
export type WorkspaceErrorCode =
  /** The sandbox is wanted but bubblewrap is missing: commands are refused, as the agent's are. */
  | 'sandbox_missing'
  /** The server was built without a data dir, so it cannot tell what to hide: refused. */
  | 'workspace_unavailable'
  /** The folder or file lies in the data dir, a credential folder or a denied path. */
  | 'path_denied'
  /** A conversation-relative path leads out of its workspace (`..`, an absolute path, a link). */
  | 'path_outside_workspace'
  /** `cwd` or `path` is not absolute, does not exist or is not what the route needs. */
  | 'invalid_path'
  /** A git ref that would read as an option (starts with `-`) or holds control characters. */
  | 'invalid_ref'
  /** git failed in a way upstream reports as 400: an unknown ref, a file too large to diff. */
  | 'git_failed'
  /** Too many commands run at once. */
  | 'too_many_commands';

export class WorkspaceError extends Error {
  constructor(
    readonly code: WorkspaceErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WorkspaceError';
  }
}
