import type { FastifyError, FastifyReply } from 'fastify';
import { RUNTIME_ERRORS, RuntimeError, type RuntimeErrorCode } from '../../runtime/errors/runtime-error';
import { SettingsError, type SettingsErrorCode } from '../../runtime/data-files/settings-error';
import { StoreError, type StoreErrorCode } from '../../runtime/store/event-store';
import { WorkspaceError, type WorkspaceErrorCode } from '../../runtime/sandbox/workspace-error';

/**
 * The one place that decides which HTTP status an expected failure of the runtime gets. The runtime
 * names its failures by code only (RuntimeError, StoreError, SettingsError, WorkspaceError); the words
 * travel with the error, the status is decided here.
 */
export const ERROR_STATUS: Record<
  RuntimeErrorCode | StoreErrorCode | SettingsErrorCode | WorkspaceErrorCode,
  number
> = {
  conversation_not_found: 404,
  event_not_found: 404,
  conversation_already_running: 409,
  stale_confirmation: 409,
  no_pending_actions: 409,
  pending_actions_changed: 409,
  invalid_workspace: 422,
  workspace_forbidden: 403,
  llm_not_configured: 409,
  invalid_request: 422,
  llm_unsupported: 422,
  llm_call_failed: 502,
  security_analyzer_unsupported: 422,
  checkpoints_unavailable: 503,
  checkpoint_not_found: 404,
  file_not_changed: 404,
  file_not_found: 404,
  branch_folder_failed: 500,
  branch_folder_in_use: 409,
  branch_folder_not_removed: 409,
  worktree_not_a_repository: 422,
  conversation_elsewhere: 421,
  profile_not_found: 404,
  profile_exists: 409,
  profile_limit_reached: 409,
  agent_profile_not_found: 404,
  workspace_hooks_changed: 409,
  workspace_hooks_unusable: 422,

  conversation_exists: 409,
  unknown_conversation: 404,
  unknown_event: 404,
  duplicate_event_id: 409,
  duplicate_client_message_id: 409,
  unknown_parent: 422,
  invalid_event: 422,
  newer_schema: 500,
  io: 503,
  invalid_page_id: 422,
  not_owner: 421,

  corrupt_settings: 500,
  invalid_env: 500,
  settings_io: 503,
  incomplete_llm: 422,
  unknown_masked_value: 422,
  unknown_mcp_server: 422,
  mcp_path_refused: 422,
  secret_not_found: 404,
  secret_value_withheld: 403,

  sandbox_missing: 503,
  workspace_unavailable: 503,
  path_denied: 403,
  path_outside_workspace: 403,
  invalid_path: 422,
  invalid_ref: 422,
  // Upstream reports these git failures (an unknown ref, a file too large to diff) as 400.
  git_failed: 400,
  too_many_commands: 429,
};

/** Store messages may name internals (paths, SQL); the person gets the catalogue's words instead. */
const STORE_DETAIL: Partial<Record<StoreErrorCode, string>> = {
  unknown_conversation: RUNTIME_ERRORS.conversation_not_found,
  unknown_event: RUNTIME_ERRORS.event_not_found,
  conversation_exists: 'A conversation with this id already exists',
  duplicate_client_message_id: 'This message was already sent',
  io: 'The data directory cannot be written right now (disk full or read-only?)',
  not_owner: RUNTIME_ERRORS.conversation_elsewhere,
};

export interface CatalogueEntry {
  status: number;
  code: string;
  detail: string;
}

/** Raised by a route when the runtime behind it is not wired (a server built without a service). */
export class ServiceUnavailableError extends Error {
  constructor() {
    super('The runtime is still starting');
    this.name = 'ServiceUnavailableError';
  }
}

/** The catalogue entry of an expected failure, or undefined for anything else (a bug: 500). */
export function lookupError(error: unknown): CatalogueEntry | undefined {
  if (error instanceof RuntimeError) {
    return { status: ERROR_STATUS[error.code], code: error.code, detail: error.message };
  }
  if (error instanceof StoreError) {
    const status = ERROR_STATUS[error.code];
    if (status >= 500 && error.code !== 'io') return undefined;
    return { status, code: error.code, detail: STORE_DETAIL[error.code] ?? error.message };
  }
  if (error instanceof ServiceUnavailableError) {
    return { status: 503, code: 'runtime_not_ready', detail: error.message };
  }
  if (error instanceof SettingsError) {
    return { status: ERROR_STATUS[error.code], code: error.code, detail: error.message };
  }
  if (error instanceof WorkspaceError) {
    return { status: ERROR_STATUS[error.code], code: error.code, detail: error.message };
  }
  return undefined;
}

/**
 * What is refused before a route runs (by fastify and its plugins, the Host/Origin guards and the key
 * check), and what no route matched. Fixed words: fastify's own messages quote the input (a whole URL
 * with its query string, which may hold a key).
 */
export const REQUEST_ERRORS = {
  body_too_large: { status: 413, detail: 'Request body is larger than 1 MiB' },
  malformed_json: { status: 400, detail: 'Malformed JSON body' },
  empty_json_body: { status: 400, detail: 'Empty body with content-type application/json' },
  unsupported_media_type: { status: 415, detail: 'Unsupported content type: send application/json' },
  content_length_mismatch: { status: 400, detail: 'Content-Length does not match the body' },
  invalid_content_type: { status: 400, detail: 'Invalid content type' },
  malformed_url: { status: 400, detail: 'The path is not valid percent-encoding' },
  path_parameter_too_long: { status: 414, detail: 'A path parameter is too long' },
  bad_request: { status: 400, detail: 'Bad Request' },
  unauthorized: { status: 401, detail: 'Unauthorized' },
  forbidden_host: { status: 403, detail: 'Forbidden: unexpected Host header' },
  forbidden_origin: { status: 403, detail: 'Forbidden: cross-origin request' },
  not_found: { status: 404, detail: 'Not Found' },
  upgrade_required: { status: 426, detail: 'This path is a WebSocket: open it with an upgrade request' },
  internal_error: { status: 500, detail: 'Internal Server Error' },
} as const;

export type RequestErrorCode = keyof typeof REQUEST_ERRORS;

/**
 * One answer per refusal of the workspace file API (and the trajectory zip): status, stable code,
 * words (never the file's content).
 */
export const FILE_ERRORS = {
  path_not_absolute: { status: 400, detail: 'Path must be absolute' },
  path_forbidden: {
    status: 403,
    detail:
      "This path is off limits to the file API: the runtime's data dir, credential folders, system secrets the sandbox masks (/etc/shadow, sudoers, SSH host keys), sandbox.deny_paths and /proc, also when reached through a link",
  },
  path_link_outside: {
    status: 403,
    detail:
      'A link on this path leads out of the folder it names, or out of the conversation workspace it lies in: the file API does not follow it',
  },
  file_not_found: { status: 404, detail: 'File not found' },
  directory_not_found: { status: 404, detail: 'Directory not found' },
  path_not_a_file: { status: 400, detail: 'Path is not a file' },
  path_not_a_directory: { status: 400, detail: 'Path is not a directory' },
  path_is_directory: { status: 400, detail: 'The destination is a folder: name the file to write' },
  parent_not_a_directory: { status: 400, detail: 'A file stands where the path needs a folder' },
  path_unresolvable: {
    status: 400,
    detail: 'The path could not be resolved safely (too many links, or it kept changing)',
  },
  permission_denied: { status: 403, detail: 'Permission denied' },
  upload_too_large: { status: 413, detail: 'The upload is larger than 64 MiB' },
  upload_not_multipart: {
    status: 415,
    detail: 'Send the file as multipart/form-data with one field named "file"',
  },
  upload_file_missing: { status: 422, detail: 'The multipart body has no file field named "file"' },
  upload_malformed: {
    status: 400,
    detail: 'The multipart body is malformed or cut off: send one complete field named "file"',
  },
  workspace_api_unavailable: {
    status: 503,
    detail: 'The workspace file API is off: this runtime was started without a data dir to protect',
  },
  trajectory_too_large: {
    status: 413,
    detail:
      'This conversation has more events than one zip without zip64 holds. Use GET /api/conversations/{id}/export?format=json for the whole conversation.',
  },
} as const;

export type FileErrorCode = keyof typeof FILE_ERRORS;

/** The entry of a file API refusal by its code. */
export function fileError(code: FileErrorCode): CatalogueEntry {
  return { code, ...FILE_ERRORS[code] };
}

/**
 * Missing things a route looks up itself, outside the runtime's errors. Their words may name what was
 * missing (`detail` here is the default), so a route passes its own.
 */
export const LOOKUP_ERRORS = {
  bash_event_not_found: { status: 404, detail: 'No bash event has this id' },
  workspace_not_saved: { status: 404, detail: 'Workspace not found' },
} as const;

export type LookupErrorCode = keyof typeof LOOKUP_ERRORS;

/** The entry of a lookup miss by its code, with the route's own words when it has them. */
export function lookupMiss(code: LookupErrorCode, detail?: string): CatalogueEntry {
  return { code, status: LOOKUP_ERRORS[code].status, detail: detail ?? LOOKUP_ERRORS[code].detail };
}

/** Answers a catalogue entry as every route does: its status, `{ detail, code }`. */
export function sendError(reply: FastifyReply, entry: CatalogueEntry): FastifyReply {
  return reply.code(entry.status).send({ detail: entry.detail, code: entry.code });
}

const FASTIFY_ERROR_CODES: Readonly<Record<string, RequestErrorCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_json_body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content_length_mismatch',
  FST_ERR_CTP_INVALID_TYPE: 'invalid_content_type',
  FST_ERR_BAD_URL: 'malformed_url',
  FST_ERR_MAX_PARAM_LENGTH: 'path_parameter_too_long',
};

/** The entry of a request error by its code. */
export function requestError(code: RequestErrorCode): CatalogueEntry {
  return { code, ...REQUEST_ERRORS[code] };
}

/**
 * The entry of a client error fastify raised (a malformed URL, body or header): ours by its code, else
 * its 4xx status with a generic word; undefined for anything that is not a client error.
 */
export function fastifyClientError(error: FastifyError): CatalogueEntry | undefined {
  const code = error.code ? FASTIFY_ERROR_CODES[error.code] : undefined;
  if (code) return requestError(code);
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return { ...requestError('bad_request'), status: error.statusCode };
  }
  return undefined;
}
