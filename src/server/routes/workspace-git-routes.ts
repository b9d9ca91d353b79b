import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { realpathSync } from 'node:fs';
import { z } from 'zod';
import { GitChangeSchema, GitDiffSchema } from '../../runtime/workspace/git-change';
import { gitChanges, gitDiff } from '../../runtime/workspace/workspace-git';
import { WorkspaceError } from '../../runtime/workspace/workspace-error';
import { ConversationParamsSchema, ErrorResponseSchema, ValidationErrorResponseSchema } from '../api-schemas';
import type { ServerContext, ZodApp } from '../server-context';
import { workspaceConfinementOf } from './workspace-bash-routes';

const tags = ['workspace'];
const RefSchema = z.string().min(1).max(256).optional();
const PathQuerySchema = z.object({ path: z.string().min(1).max(4096), ref: RefSchema });
const ConversationChangesQuerySchema = z.object({ ref: RefSchema });
const ConversationDiffQuerySchema = z.object({ path: z.string().min(1).max(4096), ref: RefSchema });
const REFUSALS = {
  400: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
  503: ErrorResponseSchema,
} as const;

const CHANGES_DESCRIPTION =
  'Changed files (UPDATED, ADDED, DELETED; a rename is DELETED old + ADDED new; untracked files are ADDED), relative to the folder and sorted by path, against `ref` or the base the agent server picks (origin/<branch>, the fork point with the default branch, HEAD, or the empty tree with no commits). [] for a folder in no repository. git runs in the sandbox with the repository read-only, no network, and none of its hooks, monitors, filters or external diffs.';
const DIFF_DESCRIPTION =
  "One file's `modified` (now) and `original` (at the base) text; both null when it is in no repository; `modified` is '' for a file that is not UTF-8. 400 `git_failed` for a missing file or one over 1 MiB, or a `ref` that names no commit.";

/** The agent server's `/api/git` routes, and the same two over a conversation's workspace. */
export function registerGitRoutes(app: ZodApp, context: ServerContext): void {
  const redact = <T>(value: T): T => context.secrets?.redactDeep(value) ?? value;

  app.get(
    '/api/git/changes',
    {
      schema: {
        operationId: 'getGitChanges',
        tags,
        description: `${CHANGES_DESCRIPTION} \`path\` is an absolute folder outside the data dir.`,
        querystring: PathQuerySchema,
        response: { 200: z.array(GitChangeSchema), ...REFUSALS },
      },
    },
    async (request) =>
      redact(await gitChanges(workspaceConfinementOf(context), request.query.path, request.query.ref)),
  );

  app.get(
    '/api/git/diff',
    {
      schema: {
        operationId: 'getGitDiff',
        tags,
        description: `${DIFF_DESCRIPTION} \`path\` is an absolute file path outside the data dir.`,
        querystring: PathQuerySchema,
        response: { 200: GitDiffSchema, ...REFUSALS },
      },
    },
    async (request) =>
      redact(await gitDiff(workspaceConfinementOf(context), request.query.path, request.query.ref)),
  );

  app.get(
    '/api/conversations/:id/git/changes',
    {
      schema: {
        operationId: 'getConversationGitChanges',
        tags: ['conversations'],
        description: `${CHANGES_DESCRIPTION} Over the conversation's workspace.`,
        params: ConversationParamsSchema,
        querystring: ConversationChangesQuerySchema,
        response: { 200: z.array(GitChangeSchema), ...REFUSALS },
      },
    },
    async (request) => {
      const workspace = (await context.service().get(request.params.id)).workspace.working_dir;
      return redact(await gitChanges(workspaceConfinementOf(context), workspace, request.query.ref));
    },
  );

  app.get(
    '/api/conversations/:id/git/diff',
    {
      schema: {
        operationId: 'getConversationGitDiff',
        tags: ['conversations'],
        description: `${DIFF_DESCRIPTION} \`path\` is relative to the conversation's workspace; one that leads out of it (\`..\`, absolute, a link) is 403 \`path_outside_workspace\`.`,
        params: ConversationParamsSchema,
        querystring: ConversationDiffQuerySchema,
        response: { 200: GitDiffSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const workspace = (await context.service().get(request.params.id)).workspace.working_dir;
      const file = insideWorkspace(workspace, request.query.path);
      return redact(await gitDiff(workspaceConfinementOf(context), file, request.query.ref));
    },
  );
}

/** `path` joined to the workspace, refused when it (or, once links resolve, where it leads) is outside. */
function insideWorkspace(workspace: string, path: string): string {
  const outside = () =>
    new WorkspaceError('path_outside_workspace', `${path} is not inside the conversation's workspace`);
  if (isAbsolute(path) || path.includes('\0')) throw outside();
  const joined = resolve(workspace, path);
  if (!isWithin(joined, workspace)) throw outside();
  let real: string;
  try {
    real = realpathSync(joined);
  } catch {
    return joined; // missing: gitDiff answers git_failed, as for any missing file
  }
  if (!isWithin(real, realOrSelf(workspace))) throw outside();
  return real;
}

function isWithin(path: string, folder: string): boolean {
  const between = relative(folder, path);
  return between !== '' && !between.startsWith(`..${sep}`) && between !== '..' && !isAbsolute(between);
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return join(path);
  }
}
