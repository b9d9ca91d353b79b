import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ForbiddenPaths } from '../../runtime/workspace/forbidden-paths';
import { listSubdirectories } from '../../runtime/workspace/list-subdirectories';
import { withAllowedPath } from '../../runtime/workspace/with-allowed-path';
import { writeUploadAtomic } from '../../runtime/workspace/write-upload-atomic';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { contentDisposition } from './export-route';
import { type FileRules, fileRules } from './file-rules';
import type { FileErrorCode } from '../http/error-catalogue';
import { fileSystemCode, refusalCode, sendFileError } from './workspace-file-refusal';
import {
  FilePathQuerySchema,
  HomeAnswerSchema,
  HomeQuerySchema,
  SearchSubdirsQuerySchema,
  SubdirectoryPageSchema,
  UploadAnswerSchema,
} from './workspace-file-schemas';

/** The largest file POST /api/file/upload takes. */
export const UPLOAD_LIMIT_BYTES = 64 * 1024 * 1024;
/**
 * The largest multipart body: the file plus room for the form's own lines. The ingress allows the same
 * for this one path (src/cli/start-ingress.ts UPLOAD_BODY_LIMIT_BYTES); every other route keeps 1 MiB.
 */
export const UPLOAD_BODY_LIMIT_BYTES = UPLOAD_LIMIT_BYTES + 1024 * 1024;

const ERRORS = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
  503: ErrorResponseSchema,
} as const;

/**
 * Upstream's file API (/api/file/*): upload, download, the home folder and sub-folder listing for a
 * workspace picker. Any absolute path, as upstream, except what the sandbox also hides (data dir,
 * credential folders, system secrets, sandbox.deny_paths) and /proc: checked on the real path, links
 * resolved; and a link never leads out of the conversation's workspace the path lies in, nor out of
 * the folder the person named, so a link the agent plants in its workspace reaches nothing outside it.
 */
export function registerFileRoutes(app: ZodApp, context: ServerContext): void {
  const forbidden = () => fileRules(context);

  app.register(async (scope) => {
    await scope.register(multipart, {
      // One file, a few small fields; busboy cuts the file one byte past our limit so we can tell.
      limits: { files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20, headerPairs: 100 },
      throwFileSizeLimit: false,
    });
    registerUpload(scope as unknown as ZodApp, forbidden);
  });
  registerDownload(app, forbidden);
  registerHome(app, forbidden);
  registerSearchSubdirs(app, forbidden);
}

type Forbidden = () => Promise<FileRules | undefined>;

function registerUpload(app: ZodApp, forbidden: Forbidden): void {
  app.post(
    '/api/file/upload',
    {
      bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'uploadFile',
        tags: ['files'],
        description:
          'Writes the multipart field `file` to the absolute `path` (folders on the way are made), atomically. At most 64 MiB.',
        querystring: FilePathQuerySchema,
        response: { 200: UploadAnswerSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema, ...ERRORS },
      },
      // Before any byte of the body is read: a body that cannot be right is refused at once.
      onRequest: async (request, reply) => {
        if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
          return sendFileError(reply, 'upload_not_multipart');
        }
        const announced = Number(request.headers['content-length'] ?? 0);
        if (Number.isFinite(announced) && announced > UPLOAD_BODY_LIMIT_BYTES) {
          reply.header('connection', 'close');
          return sendFileError(reply, 'upload_too_large');
        }
      },
    },
    async (request, reply) => {
      const rules = await forbidden();
      if (rules === undefined) return sendFileError(reply, 'workspace_api_unavailable');
      const paths = rules.forbidden;
      const early = quickRefusal(request.query.path, paths);
      if (early !== undefined) return sendFileError(reply, early);
      // The body is the client's bytes: busboy's complaints about them (no boundary, a part cut off)
      // are a malformed request, never a server error.
      const part = await request
        .file({ limits: { fileSize: UPLOAD_LIMIT_BYTES + 1 } })
        .catch(() => 'malformed' as const);
      if (part === 'malformed') {
        drainBody(request);
        return sendFileError(reply, 'upload_malformed');
      }
      if (part === undefined || part.fieldname !== 'file') {
        drainBody(request);
        return sendFileError(reply, 'upload_file_missing');
      }
      const result = await withAllowedPath(
        request.query.path,
        paths,
        { createParents: true, names: 'file', workspaces: rules.workspaces },
        (target) => writeUploadAtomic(target, part.file, UPLOAD_LIMIT_BYTES),
      ).catch((error: unknown) =>
        // The file stream keeps the parser's error (a part cut off), even one raised before we read it.
        part.file.errored ? { code: 'upload_malformed' as const } : failure(error),
      );
      if ('code' in result) {
        drainBody(request);
        return sendFileError(reply, result.code);
      }
      if (!result.ok) {
        drainBody(request);
        return sendFileError(reply, refusalCode(result.refusal, 'file_not_found') ?? 'path_unresolvable');
      }
      const outcome = result.value;
      if (!outcome.ok) {
        drainBody(request);
        const code: FileErrorCode = outcome.reason === 'too-large' ? 'upload_too_large' : 'path_is_directory';
        return sendFileError(reply, outcome.reason === 'not-a-file' ? 'path_not_a_file' : code);
      }
      return { success: true as const, file_size: outcome.bytes };
    },
  );
}

function registerDownload(app: ZodApp, forbidden: Forbidden): void {
  app.get(
    '/api/file/download',
    {
      schema: {
        operationId: 'downloadFile',
        tags: ['files'],
        description:
          'The bytes of the file at the absolute `path`, as an attachment (application/octet-stream).',
        querystring: FilePathQuerySchema,
        response: {
          200: {
            description: 'The file',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          ...ERRORS,
        },
      },
    },
    async (request, reply) => {
      const rules = await forbidden();
      if (rules === undefined) return sendFileError(reply, 'workspace_api_unavailable');
      const result = await withAllowedPath(
        request.query.path,
        rules.forbidden,
        { createParents: false, names: 'file', workspaces: rules.workspaces },
        async (target) => {
          if (target.handle === undefined) return 'file_not_found' as const;
          if (!(await target.handle.stat()).isFile()) return 'path_not_a_file' as const;
          // A second descriptor of the very file checked, which outlives the walk's handles.
          return open(`/proc/self/fd/${target.handle.fd}`, constants.O_RDONLY | constants.O_NONBLOCK);
        },
      ).catch((error: unknown) => failure(error));
      if ('code' in result) return sendFileError(reply, result.code);
      if (!result.ok)
        return sendFileError(reply, refusalCode(result.refusal, 'file_not_found') ?? 'path_unresolvable');
      if (typeof result.value === 'string') return sendFileError(reply, result.value);
      const handle = result.value;
      const size = (await handle.stat()).size;
      return reply
        .header('content-type', 'application/octet-stream')
        .header(
          'content-disposition',
          contentDisposition(basename(resolve(request.query.path)) || 'download'),
        )
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(handle.createReadStream());
    },
  );
}

function registerHome(app: ZodApp, forbidden: Forbidden): void {
  app.get(
    '/api/file/home',
    {
      schema: {
        operationId: 'getHome',
        tags: ['files'],
        description:
          "The runtime user's home, its top-level folders (`favorites`) and the file system roots (`locations`), for a workspace picker.",
        querystring: HomeQuerySchema,
        response: { 200: HomeAnswerSchema, 503: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const rules = await forbidden();
      if (rules === undefined) return sendFileError(reply, 'workspace_api_unavailable');
      const home = homedir();
      const listed = await withAllowedPath(
        home,
        rules.forbidden,
        { createParents: false, names: 'folder', workspaces: rules.workspaces },
        (target) => listSubdirectories(target, home, rules.forbidden, request.query.include_hidden),
      ).catch(() => undefined);
      const favorites = (listed?.ok ? (listed.value ?? []) : [])
        .slice(0, 50)
        .map((entry) => ({ label: entry.name, path: entry.path }));
      return { home, favorites, locations: [{ label: '/', path: '/' }] };
    },
  );
}

function registerSearchSubdirs(app: ZodApp, forbidden: Forbidden): void {
  app.get(
    '/api/file/search_subdirs',
    {
      schema: {
        operationId: 'searchSubdirectories',
        tags: ['files'],
        description:
          'The folders directly inside the absolute `path`, sorted by name ignoring case, a page at a time (`page_id` is the previous `next_page_id`).',
        querystring: SearchSubdirsQuerySchema,
        response: { 200: SubdirectoryPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const rules = await forbidden();
      if (rules === undefined) return sendFileError(reply, 'workspace_api_unavailable');
      const { path, page_id: pageId, limit, include_hidden: includeHidden } = request.query;
      const result = await withAllowedPath(
        path,
        rules.forbidden,
        { createParents: false, names: 'folder', workspaces: rules.workspaces },
        async (target) => {
          if (target.handle === undefined) return 'directory_not_found' as const;
          return (
            (await listSubdirectories(target, resolve(path), rules.forbidden, includeHidden)) ??
            ('path_not_a_directory' as const)
          );
        },
      ).catch((error: unknown) => failure(error));
      if ('code' in result) return sendFileError(reply, result.code);
      if (!result.ok) {
        return sendFileError(
          reply,
          refusalCode(result.refusal, 'directory_not_found') ?? 'path_unresolvable',
        );
      }
      if (typeof result.value === 'string') return sendFileError(reply, result.value);
      const entries = result.value;
      const found =
        pageId === undefined ? -1 : entries.findIndex((entry) => entry.name.toLowerCase() === pageId);
      const start = Math.max(found, 0);
      const next = entries[start + limit];
      return {
        items: entries.slice(start, start + limit),
        next_page_id: next === undefined ? null : next.name.toLowerCase(),
      };
    },
  );
}

/** Refusals that need no file system: a relative path, or one that names a forbidden place as written. */
function quickRefusal(path: string, paths: ForbiddenPaths): FileErrorCode | undefined {
  if (!path.startsWith('/')) return 'path_not_absolute';
  if (paths.covers(resolve(path))) return 'path_forbidden';
  return undefined;
}

/** An expected file system error as a code; anything else is rethrown (a 500 with an error id). */
function failure(error: unknown): { code: FileErrorCode } {
  const code = fileSystemCode(error);
  if (code === undefined) throw error;
  return { code };
}

/**
 * After answering an upload early, read and drop the rest of its body so the connection stays usable
 * and the answer is not lost to a reset (the ingress asks for keep-alive for exactly this).
 */
function drainBody(request: FastifyRequest): void {
  if (!request.raw.complete) request.raw.resume();
}
