import { z } from 'zod';
import { FileChangeSchema } from '../../runtime/events';
import {
  ConversationParamsSchema,
  ErrorResponseSchema,
  ValidationErrorResponseSchema,
} from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';

const tags = ['checkpoints'];
const CheckpointIdSchema = z.string().regex(/^[0-9a-f]{40}$/, 'A checkpoint id is 40 lowercase hex digits');
const FromSchema = z.union([z.literal('start'), CheckpointIdSchema]).default('start');
const ToSchema = z.union([z.literal('now'), CheckpointIdSchema]).default('now');
const PathSchema = z.string().min(1).max(4096);

const SkippedFileSchema = z.strictObject({
  path: z.string(),
  reason: z.enum(['too_large', 'binary', 'unreadable', 'nested_repository', 'too_many_files']),
  size: z.number().int().nonnegative().optional(),
});

const CheckpointListSchema = z.strictObject({
  items: z.array(
    z.strictObject({
      /** The checkpoint (a shadow commit id). */
      id: z.string(),
      /** The step's first action carrying it. */
      event_id: z.string(),
      seq: z.number().int(),
      created_at: z.string(),
    }),
  ),
});

const ChangesSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  files: z.array(FileChangeSchema),
  skipped: z.array(SkippedFileSchema),
});

const FileDiffSchema = FileChangeSchema.extend({ unified: z.string(), truncated: z.boolean() });

const FileAtSchema = z.strictObject({
  path: z.string(),
  at: z.string(),
  binary: z.boolean(),
  size: z.number().int().nonnegative(),
  content: z.string().nullable(),
  truncated: z.boolean(),
});

const RestoreBodySchema = z.strictObject({
  checkpoint_id: CheckpointIdSchema,
  dry_run: z.boolean().optional(),
});
const RestoreAnswerSchema = z.strictObject({
  files: z.array(FileChangeSchema),
  event_id: z.string().optional(),
  backup_checkpoint_id: z.string().optional(),
});

const REFUSALS = {
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
  503: ErrorResponseSchema,
} as const;

const PATH_NOTE =
  '`path` is relative to the workspace with `/`; one that leads out of it (`..`, absolute) is 403 `path_outside_workspace`.';

/**
 * A conversation's checkpoints (snapshots of its workspace before each step that may change files),
 * what changed between two of them or since one, and restoring the files to one. Paths are relative
 * with `/`; contents and diffs come with the known secrets masked.
 */
export function registerCheckpointRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/checkpoints',
    {
      schema: {
        operationId: 'listCheckpoints',
        tags,
        description:
          'One checkpoint per step that has one (the workspace just before the step ran), in log order on the active branch. The first is the conversation’s baseline (`start`).',
        params: ConversationParamsSchema,
        response: { 200: CheckpointListSchema, ...REFUSALS },
      },
    },
    async (request) => ({ items: await context.service().listCheckpoints(request.params.id) }),
  );

  app.get(
    '/api/conversations/:id/changes',
    {
      schema: {
        operationId: 'getConversationChanges',
        tags,
        description:
          'The files that differ from `from` (a checkpoint, default `start`: the first) to `to` (a checkpoint, default `now`: the workspace now, snapshotted for the purpose). `skipped`: files the `now` snapshot left out (too large, binary, …). Without checkpoints: `files: []`. 404 `checkpoint_not_found` for a checkpoint this conversation did not record.',
        params: ConversationParamsSchema,
        querystring: z.object({ from: FromSchema, to: ToSchema }),
        response: { 200: ChangesSchema, ...REFUSALS },
      },
    },
    async (request) => context.service().changes(request.params.id, request.query.from, request.query.to),
  );

  app.get(
    '/api/conversations/:id/changes/diff',
    {
      schema: {
        operationId: 'getConversationChangeDiff',
        tags,
        description: `One file's unified diff from \`from\` to \`to\` (as for changes). 404 \`file_not_changed\` when it is the same in both. ${PATH_NOTE}`,
        params: ConversationParamsSchema,
        querystring: z.object({ path: PathSchema, from: FromSchema, to: ToSchema }),
        response: { 200: FileDiffSchema, ...REFUSALS },
      },
    },
    async (request) =>
      context.service().fileDiff(request.params.id, request.query.path, request.query.from, request.query.to),
  );

  app.get(
    '/api/conversations/:id/changes/file',
    {
      schema: {
        operationId: 'getConversationFileAt',
        tags,
        description: `A whole file at a checkpoint or \`now\`: \`content\` is its text (cut at 1 MiB, \`truncated\`), null for a binary file. 404 \`file_not_found\` when it does not exist there. ${PATH_NOTE}`,
        params: ConversationParamsSchema,
        querystring: z.object({ path: PathSchema, at: ToSchema }),
        response: { 200: FileAtSchema, ...REFUSALS },
      },
    },
    async (request) => context.service().fileAt(request.params.id, request.query.path, request.query.at),
  );

  app.post(
    '/api/conversations/:id/restore',
    {
      schema: {
        operationId: 'restoreConversationFiles',
        tags,
        description:
          'Puts the workspace’s files back as they were at `checkpoint_id` (ignored files and files the checkpoint skipped are left as they are). A backup snapshot is taken first; the answer’s `backup_checkpoint_id` undoes the restore, and a FilesRestoredEvent records it (the model reads which files were put back). `dry_run`: only what would change. 409 `conversation_already_running` while a run goes.',
        params: ConversationParamsSchema,
        body: RestoreBodySchema,
        response: { 200: RestoreAnswerSchema, 409: ErrorResponseSchema, ...REFUSALS },
      },
    },
    async (request) => context.service().restoreFiles(request.params.id, request.body),
  );
}
