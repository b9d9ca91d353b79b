import { dirname } from 'node:path';
import { z } from 'zod';
import {
  createUpstreamWorkspacesStore,
  type SavedWorkspaces,
  type WorkspaceParentItem,
  WorkspaceItemSchema,
  WorkspaceParentItemSchema,
} from '../../../runtime/settings/upstream-workspaces-store';
import { checkSavedWorkspace } from '../../../runtime/workspace/check-saved-workspace';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '../../http/api-schemas';
import type { ServerContext, ZodApp } from '../../http/server-context';
import { fileRules } from '../../routes/file-rules';
import { sendFileError } from '../../routes/workspace-file-refusal';
import { lookupMiss, sendError } from '../../http/error-catalogue';

const ListSchema = z.object({
  workspaces: z.array(WorkspaceItemSchema),
  workspaceParents: z.array(WorkspaceParentItemSchema),
});
const PathQuerySchema = z.object({ path: z.string().min(1).max(4096) });
const DeletedSchema = z.object({ deleted: z.literal(true) });
const REFUSALS = {
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
  500: ErrorResponseSchema,
  503: ErrorResponseSchema,
} as const;
const CHECKED =
  'Each path (and `parentPath`) must be absolute (422 `invalid_workspace`) and lie outside the data dir, credential folders, `sandbox.deny_paths` and /proc, as written and with links resolved (403 `workspace_forbidden`); one refused path saves nothing. Deduped by path; at most 500 of each kind.';

/**
 * Upstream's saved-workspaces registry (the Agent Canvas's workspace picker), kept in
 * `<data-dir>/upstream-workspaces.json`. Paths are hostile input: each is checked before it is saved.
 */
export function registerUpstreamWorkspacesRoutes(app: ZodApp, context: ServerContext): void {
  const store = createUpstreamWorkspacesStore(dirname(context.settings.path));
  const check = async (items: readonly (WorkspaceParentItem & { parentPath?: string | null })[]) => {
    const rules = await fileRules(context);
    if (rules === undefined) return false;
    for (const item of items) {
      await checkSavedWorkspace(item.path, rules.forbidden);
      if (item.parentPath) await checkSavedWorkspace(item.parentPath, rules.forbidden);
    }
    return true;
  };
  const answer = (saved: SavedWorkspaces) => ({
    workspaces: saved.workspaces.map(({ parentPath, ...rest }) =>
      parentPath ? { ...rest, parentPath } : rest,
    ),
    workspaceParents: saved.workspaceParents,
  });

  app.get(
    '/api/workspaces',
    {
      schema: {
        operationId: 'listUpstreamWorkspaces',
        tags: ['upstream'],
        description: 'The saved workspaces and workspace parents.',
        response: { 200: ListSchema, ...REFUSALS },
      },
    },
    async () => answer(store.read()),
  );
  app.post(
    '/api/workspaces',
    {
      schema: {
        operationId: 'addUpstreamWorkspaces',
        tags: ['upstream'],
        description: `Adds workspaces. ${CHECKED}`,
        body: z.strictObject({ workspaces: z.array(WorkspaceItemSchema).max(500) }),
        response: { 200: ListSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      if (!(await check(request.body.workspaces))) return sendFileError(reply, 'workspace_api_unavailable');
      return answer(store.add('workspaces', request.body.workspaces));
    },
  );
  app.post(
    '/api/workspaces/parents',
    {
      schema: {
        operationId: 'addUpstreamWorkspaceParents',
        tags: ['upstream'],
        description: `Adds workspace parents (folders whose sub-folders the picker offers). ${CHECKED}`,
        body: z.strictObject({ parents: z.array(WorkspaceParentItemSchema).max(500) }),
        response: { 200: ListSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      if (!(await check(request.body.parents))) return sendFileError(reply, 'workspace_api_unavailable');
      return answer(store.add('workspaceParents', request.body.parents));
    },
  );
  for (const [url, kind, noun] of [
    ['/api/workspaces', 'workspaces', 'Workspace'],
    ['/api/workspaces/parents', 'workspaceParents', 'Workspace parent'],
  ] as const) {
    app.delete(
      url,
      {
        schema: {
          operationId: kind === 'workspaces' ? 'deleteUpstreamWorkspace' : 'deleteUpstreamWorkspaceParent',
          tags: ['upstream'],
          description: `Removes the saved entry with this exact \`path\`; 404 \`workspace_not_saved\` when there is none.`,
          querystring: PathQuerySchema,
          response: { 200: DeletedSchema, ...REFUSALS },
        },
      },
      async (request, reply) => {
        if (store.remove(kind, request.query.path)) return { deleted: true as const };
        return sendError(reply, lookupMiss('workspace_not_saved', `${noun} not found`));
      },
    );
  }
}
