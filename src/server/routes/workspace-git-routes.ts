import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { realpathSync } from 'node:fs';
import { z } from 'zod';
import { GitChangeSchema, GitDiffSchema } from '../../runtime/workspace/git-change';
import { gitChanges, gitDiff } from '../../runtime/workspace/workspace-git';
import {
  COMMIT_SHA,
  GitCommitsPageSchema,
  gitCommitChanges,
  gitCommitFileDiff,
  gitCommits,
} from '../../runtime/workspace/workspace-git-commits';
import { WorkspaceError } from '../../runtime/sandbox/workspace-error';
import {
  ConversationParamsSchema,
  ErrorResponseSchema,
  ValidationErrorResponseSchema,
} from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { workspaceConfinementOf } from '../process/workspace-confinement-of';

const tags = ['workspace'];
const RefSchema = z.string().min(1).max(256).optional();
const PathQuerySchema = z.object({ path: z.string().min(1).max(4096), ref: RefSchema });
const CommitSchema = z.string().regex(COMMIT_SHA, 'a commit is 4 to 64 hex digits');
const DiffQuerySchema = PathQuerySchema.extend({ commit: CommitSchema.optional() });
const CommitsQuerySchema = z.object({
  path: z.string().min(1).max(4096),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const CommitChangesParamsSchema = z.object({ sha: CommitSchema });
const CommitChangesQuerySchema = z.object({ path: z.string().min(1).max(4096) });
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

/** The agent server's `/api/git` routes (changes, diffs, commits), and changes and diffs over a conversation's workspace. */
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
        description: `${DIFF_DESCRIPTION} \`path\` is an absolute file path outside the data dir. With \`commit\` (hex, not with \`ref\`: 400 \`git_failed\`) the change that commit made to the file, both sides read from git's objects ('' where the file is absent).`,
        querystring: DiffQuerySchema,
        response: { 200: GitDiffSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const { path, ref, commit } = request.query;
      if (commit !== undefined && ref !== undefined) {
        throw new WorkspaceError('git_failed', "'ref' and 'commit' are mutually exclusive");
      }
      const confinement = workspaceConfinementOf(context);
      return redact(
        commit === undefined
          ? await gitDiff(confinement, path, ref)
          : await gitCommitFileDiff(confinement, path, commit),
      );
    },
  );

  app.get(
    '/api/git/commits',
    {
      schema: {
        operationId: 'getGitCommits',
        tags,
        description:
          'The newest `limit` (1-200, default 50) commits reachable from HEAD of the repository holding the absolute folder `path`, newest first, and `has_more`; an empty page for a folder in no repository or with no commit. git runs confined, as for changes.',
        querystring: CommitsQuerySchema,
        response: { 200: GitCommitsPageSchema, ...REFUSALS },
      },
    },
    async (request) =>
      redact(await gitCommits(workspaceConfinementOf(context), request.query.path, request.query.limit)),
  );

  app.get(
    '/api/git/commits/:sha/changes',
    {
      schema: {
        operationId: 'getGitCommitChanges',
        tags,
        description:
          'The files commit `sha` (hex) changed against its first parent (a root commit: all ADDED), relative to the repository holding the folder `path`; 400 `git_failed` for a sha that names no commit.',
        params: CommitChangesParamsSchema,
        querystring: CommitChangesQuerySchema,
        response: { 200: z.array(GitChangeSchema), ...REFUSALS },
      },
    },
    async (request) =>
      redact(await gitCommitChanges(workspaceConfinementOf(context), request.query.path, request.params.sha)),
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
