/**
 * The runtime's error catalogue: expected failures of a request, each with a stable code. The server
 * maps codes to HTTP statuses (src/server/http/error-catalogue.ts); nothing else needs to know them.
 */
export const RUNTIME_ERRORS = {
  conversation_not_found: 'Conversation not found',
  event_not_found: 'Event not found',
  conversation_already_running: 'The conversation is already running',
  stale_confirmation: 'The pending actions changed; reload and decide again',
  no_pending_actions: 'Nothing is waiting for confirmation',
  pending_actions_changed: 'The decisions do not name the pending actions; reload and decide again',
  invalid_workspace: 'The workspace folder does not exist or is not a directory',
  workspace_forbidden: 'The workspace folder lies where the agent may not reach',
  llm_not_configured: 'No model is configured: open Settings and choose a provider and model',
  invalid_request: 'The request is not valid',
  llm_unsupported: 'This runtime cannot serve that model',
  llm_call_failed: 'The model call failed',
  security_analyzer_unsupported: 'This runtime does not have that security analyzer',
  checkpoints_unavailable: 'This runtime keeps no checkpoints',
  checkpoint_not_found: 'This conversation has no such checkpoint',
  file_not_changed: 'The file is the same at both points',
  file_not_found: 'No such file at that point',
  branch_folder_failed: 'The branch folder could not be made',
  branch_folder_in_use:
    'Another conversation works in this branch folder: delete that one first, or delete this one and keep the files',
  branch_folder_not_removed:
    'The branch folder could not be deleted safely (a link on its path, or its files kept changing while they were deleted); the conversation is kept, try again',
  worktree_not_a_repository:
    'worktree: the workspace folder is not in a git repository with a commit, so it has no worktree to make; send worktree: false to work in the folder itself',
  unknown_mcp_server: 'No MCP server in the settings has that name',
  mcp_path_refused: "An MCP server's read_only_paths would show a path the sandbox hides",
  profile_not_found: 'No LLM profile has that name',
  profile_exists: 'A profile already has that name',
  profile_limit_reached: 'The profile limit is reached: delete a profile before saving a new one',
  agent_profile_not_found: 'No agent profile has that name or id',
  conversation_elsewhere: 'Another runtime serves this conversation now; try again',
  workspace_hooks_changed:
    "The workspace's hooks file is not the one shown: it changed or is gone; read it again before accepting",
  workspace_hooks_unusable:
    "The workspace's hooks file cannot be used (see its problem); fix it before accepting",
} as const;

export type RuntimeErrorCode = keyof typeof RUNTIME_ERRORS;

export class RuntimeError extends Error {
  constructor(
    readonly code: RuntimeErrorCode,
    message: string = RUNTIME_ERRORS[code],
  ) {
    super(message);
    this.name = 'RuntimeError';
  }
}
