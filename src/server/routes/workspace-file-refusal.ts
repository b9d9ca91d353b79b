import type { FastifyReply } from 'fastify';
import type { PathRefusal } from '../../runtime/workspace/with-allowed-path';

/** One answer per refusal of the workspace file API: status, stable code, words (never the file's content). */
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

export function sendFileError(reply: FastifyReply, code: FileErrorCode): FastifyReply {
  const entry = FILE_ERRORS[code];
  return reply.code(entry.status).send({ detail: entry.detail, code });
}

/** The code for a refusal of withAllowedPath; `missing` says what a missing path is called. */
export function refusalCode(refusal: PathRefusal, missing: FileErrorCode): FileErrorCode | undefined {
  switch (refusal.reason) {
    case 'not-absolute':
      return 'path_not_absolute';
    case 'forbidden':
      return 'path_forbidden';
    case 'link-outside':
      return 'path_link_outside';
    case 'not-found':
      return missing;
    case 'not-a-directory':
      return 'parent_not_a_directory';
    case 'unresolvable':
      return 'path_unresolvable';
    case 'file-system':
      return fileSystemCode(refusal.error);
  }
}

/** Expected file system failures get a code; anything else (undefined) is a bug or a broken disk: 500. */
export function fileSystemCode(error: unknown): FileErrorCode | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission_denied';
  if (code === 'ENOTDIR') return 'parent_not_a_directory';
  if (code === 'EISDIR') return 'path_is_directory';
  return undefined;
}
