import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { contentTypeFor } from '../../client/content-type-for';
import { withAllowedPath } from '../../runtime/workspace/with-allowed-path';
import { ErrorResponseSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { type FileRules, fileRules } from './file-rules';
import type { FileErrorCode } from '../http/error-catalogue';
import { fileSystemCode, refusalCode, sendFileError } from './workspace-file-refusal';

/** The routes the workspace-session cookie opens (as fastify names them), and no other. */
export const CONVERSATION_WORKSPACE_ROUTES: readonly string[] = [
  '/api/conversations/:id/workspace',
  '/api/conversations/:id/workspace/*',
];

/**
 * Whatever the agent wrote, its page runs no script and opens nothing: a page served from the front
 * end's origin could otherwise read that origin's storage (where the Canvas keeps the session key).
 * `allow-same-origin` without scripts keeps its own images and styles loading with the cookie.
 */
const SANDBOX = "sandbox allow-same-origin; script-src 'none'; object-src 'none'; frame-ancestors 'self'";

const ParamsSchema = z.object({ id: z.guid() });
const FileParamsSchema = z.object({ id: z.guid(), '*': z.string().max(4096) });
const RESPONSES = {
  200: {
    description: 'The file',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  503: ErrorResponseSchema,
} as const;
const DESCRIPTION =
  "Upstream's static view of a conversation's workspace: the file at `path` relative to it (a folder: its index.html), with its content type. Opened by the session key or the workspace-session cookie. Confined like the file API: `..` out of the workspace 400, a link leading out of it (to the data dir, another conversation's folder) 403 `path_link_outside`, the data dir and credential folders 403 `path_forbidden`. Served with a CSP sandbox: no script of the page runs.";

/** GET /api/conversations/{id}/workspace[/{path}]: see DESCRIPTION. */
export function registerConversationWorkspaceRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/workspace',
    {
      schema: {
        operationId: 'getConversationWorkspaceIndex',
        tags: ['upstream'],
        description: DESCRIPTION,
        params: ParamsSchema,
        response: RESPONSES,
      },
    },
    async (request, reply) => serve(context, request.params.id, '', reply),
  );
  app.get(
    '/api/conversations/:id/workspace/*',
    {
      schema: {
        operationId: 'getConversationWorkspaceFile',
        tags: ['upstream'],
        description: DESCRIPTION,
        params: FileParamsSchema,
        response: RESPONSES,
      },
    },
    async (request, reply) => serve(context, request.params.id, request.params['*'], reply),
  );
}

async function serve(
  context: ServerContext,
  id: string,
  path: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const workspace = resolve((await context.service().get(id)).workspace.working_dir);
  const rules = await fileRules(context);
  if (rules === undefined) return sendFileError(reply, 'workspace_api_unavailable');
  const target = resolve(workspace, path);
  const between = relative(workspace, target);
  if (path.includes('\0') || isAbsolute(between) || between === '..' || between.startsWith('../')) {
    return reply.code(400).send({ detail: 'Path is outside the workspace', code: 'path_outside_workspace' });
  }
  let opened = await openInside(target, workspace, rules);
  if (opened === 'directory') opened = await openInside(join(target, 'index.html'), workspace, rules);
  if (opened === 'directory') opened = 'file_not_found';
  if (typeof opened === 'string') return sendFileError(reply, opened);
  const size = (await opened.stat()).size;
  return reply
    .header('content-type', contentTypeFor(opened.name))
    .header('content-length', size)
    .header('content-security-policy', SANDBOX)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(opened.handle.createReadStream());
}

interface OpenedFile {
  handle: FileHandle;
  /** The file's path as walked, for its content type. */
  name: string;
  stat(): ReturnType<FileHandle['stat']>;
}

/** Opens `path` walked inside `workspace` only (links never leave it), or says why not. */
async function openInside(
  path: string,
  workspace: string,
  rules: FileRules,
): Promise<OpenedFile | FileErrorCode | 'directory'> {
  const result = await withAllowedPath(
    path,
    rules.forbidden,
    { createParents: false, names: 'file', workspaces: [workspace] },
    async (target) => {
      if (target.handle === undefined) return 'file_not_found' as const;
      if ((await target.handle.stat()).isDirectory()) return 'directory' as const;
      if (!(await target.handle.stat()).isFile()) return 'path_not_a_file' as const;
      // A second descriptor of the very file checked, which outlives the walk's handles.
      const handle = await open(
        `/proc/self/fd/${target.handle.fd}`,
        constants.O_RDONLY | constants.O_NONBLOCK,
      );
      return { handle, name: target.path, stat: () => handle.stat() };
    },
  ).catch((error: unknown) => {
    const code = fileSystemCode(error);
    if (code === undefined) throw error;
    return { ok: true as const, value: code };
  });
  if (!result.ok) return refusalCode(result.refusal, 'file_not_found') ?? 'path_unresolvable';
  return result.value;
}
