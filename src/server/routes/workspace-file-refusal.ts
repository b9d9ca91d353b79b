import type { FastifyReply } from 'fastify';
import type { PathRefusal } from '../../runtime/workspace/with-allowed-path';
import { type FileErrorCode, fileError, sendError } from '../http/error-catalogue';

/** Answers a file API refusal with its catalogue entry. */
export function sendFileError(reply: FastifyReply, code: FileErrorCode): FastifyReply {
  return sendError(reply, fileError(code));
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
