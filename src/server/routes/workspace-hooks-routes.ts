import { z } from 'zod';
import { RuntimeError } from '../../runtime/errors/runtime-error';
import { HookConfigSchema } from '../../runtime/events';
import {
  readWorkspaceHooksFile,
  WORKSPACE_HOOKS_PATH,
  type WorkspaceHooksFile,
} from '../../runtime/hooks/workspace-hooks-file';
import { Sha256Schema } from '../../runtime/settings/settings-file';
import { ConversationParamsSchema, ErrorResponseSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';

const WorkspaceHooksViewSchema = z.strictObject({
  /** Relative to the workspace: upstream's `.openhands/hooks.json`. */
  path: z.string(),
  exists: z.boolean(),
  /** The file's text, exactly as accepting it accepts it; null when absent or unreadable. */
  content: z.string().nullable(),
  sha256: Sha256Schema.nullable(),
  /** The person accepted exactly this content for this workspace: its hooks run. */
  accepted: z.boolean(),
  /** What it configures, when it reads as a hook config. */
  config: HookConfigSchema.nullable(),
  /** Why it cannot be used. */
  problem: z.string().nullable(),
});

const AcceptSchema = z.strictObject({ sha256: Sha256Schema });

/**
 * A repository's own hooks file: shown to the person, used only once they accepted exactly its
 * content (a changed file needs accepting again). The agent cannot accept: this is the person's API.
 */
export function registerWorkspaceHooksRoutes(app: ZodApp, context: ServerContext): void {
  const view = (file: WorkspaceHooksFile) => ({
    path: WORKSPACE_HOOKS_PATH,
    exists: file.exists,
    content: file.content ?? null,
    sha256: file.sha256 ?? null,
    accepted:
      file.sha256 !== undefined &&
      context.settings.current().accepted_workspace_hooks?.[file.workspace] === file.sha256,
    config: file.config ?? null,
    problem: file.problem ?? null,
  });
  const fileOf = async (id: string) =>
    readWorkspaceHooksFile((await context.service().get(id)).workspace.working_dir);

  app.get(
    '/api/conversations/:id/workspace_hooks',
    {
      schema: {
        operationId: 'getWorkspaceHooks',
        tags: ['conversations'],
        description: `The conversation's workspace hooks file (\`${WORKSPACE_HOOKS_PATH}\`), read now, and whether the person accepted this exact content. Until accepted, none of its hooks run.`,
        params: ConversationParamsSchema,
        response: { 200: WorkspaceHooksViewSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => view(await fileOf(request.params.id)),
  );

  app.post(
    '/api/conversations/:id/workspace_hooks/accept',
    {
      schema: {
        operationId: 'acceptWorkspaceHooks',
        tags: ['conversations'],
        description:
          'Accepts the workspace hooks file with this SHA-256 (the one the person was shown) for this workspace folder, in settings.json: its hooks run from the next hook event on, in every conversation in that folder, until the file changes. 409 `workspace_hooks_changed` when the file now has another hash or is gone; 422 `workspace_hooks_unusable` when it is not a hook config.',
        params: ConversationParamsSchema,
        body: AcceptSchema,
        response: {
          200: WorkspaceHooksViewSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const file = await fileOf(request.params.id);
      if (file.sha256 !== request.body.sha256) throw new RuntimeError('workspace_hooks_changed');
      if (!file.config) throw new RuntimeError('workspace_hooks_unusable', file.problem);
      context.settings.acceptWorkspaceHooks(file.workspace, file.sha256);
      return view(file);
    },
  );
}
