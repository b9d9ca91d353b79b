/**
 * Expected refusals of the workspace API (commands, git), each with a stable code; the server's
 * error catalogue gives each its HTTP status. Messages name the path the caller gave, never a
 * secret or anything read from the workspace.
 */
export const WORKSPACE_ERRORS = {
  /** The sandbox is wanted but bubblewrap is missing: commands are refused, as the agent's are. */
  sandbox_missing: 503,
  /** The server was built without a data dir, so it cannot tell what to hide: refused. */
  workspace_unavailable: 503,
  /** The folder or file lies in the data dir, a credential folder or a denied path. */
  path_denied: 403,
  /** A conversation-relative path leads out of its workspace (`..`, an absolute path, a link). */
  path_outside_workspace: 403,
  /** `cwd` or `path` is not absolute, does not exist or is not what the route needs. */
  invalid_path: 422,
  /** A git ref that would read as an option (starts with `-`) or holds control characters. */
  invalid_ref: 422,
  /** git failed in a way upstream reports as 400: an unknown ref, a file too large to diff. */
  git_failed: 400,
  /** Too many commands run at once. */
  too_many_commands: 429,
} as const;

export type WorkspaceErrorCode = keyof typeof WORKSPACE_ERRORS;

export class WorkspaceError extends Error {
  constructor(
    readonly code: WorkspaceErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WorkspaceError';
  }
}
