import { ConversationInfoSchema } from '../../runtime/events';
import { ForkSchema, NavigateSchema, SetConfirmationPolicySchema } from '../../runtime/conversation/requests';
import {
  ConversationParamsSchema,
  EmptyBodySchema,
  ErrorResponseSchema,
  SuccessSchema,
} from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { CONFLICT, NOT_FOUND_OR_INVALID } from './route-responses';

const tags = ['run control'];
const params = ConversationParamsSchema;
const success = { success: true as const };

/** Run, pause, interrupt, fork, navigate and the confirmation policy of one conversation. */
export function registerRunControlRoutes(app: ZodApp, context: ServerContext): void {
  const simple = [
    [
      'run',
      'runConversation',
      'Starts the agent, or queues the run when `max_concurrent_runs` runs already go (the info shows `run_queue`; asking again keeps the place). 409 `conversation_already_running` when it runs.',
    ],
    ['pause', 'pauseConversation', 'Pauses between steps.'],
    ['interrupt', 'interruptConversation', 'Cancels the model call or tool in flight now; status `paused`.'],
  ] as const;
  for (const [action, operationId, description] of simple) {
    app.post(
      `/api/conversations/:id/${action}`,
      {
        schema: {
          operationId,
          tags,
          description,
          params,
          body: EmptyBodySchema,
          response: { 200: SuccessSchema, ...CONFLICT, ...NOT_FOUND_OR_INVALID },
        },
      },
      async (request) => {
        const service = context.service();
        const id = request.params.id;
        if (action === 'run') await service.run(id);
        else if (action === 'pause') await service.pause(id);
        else await service.interrupt(id);
        return success;
      },
    );
  }

  app.post(
    '/api/conversations/:id/fork',
    {
      schema: {
        operationId: 'forkConversation',
        tags,
        description:
          'Copies the branch up to `from_event_id` (default: the leaf) into a new conversation. Upstream fields: `id` (the new id; taken: 409 `conversation_exists`) and `tags` (a list, or an object mapped to `key:value`). `files`: `copy` gives the fork its own folder beside the workspace (`<parent>/<name>.branches/<id>`; a detached git worktree of the repository, registered in its `.git/worktrees`, when the workspace is one) holding the files as they were at the fork point, and `branch_folder: true`; `shared` keeps working in the same folder. Default: `copy` when the source recorded a checkpoint, else `shared`. 500 `branch_folder_failed`, 503 `checkpoints_unavailable`.',
        params,
        body: ForkSchema,
        response: {
          201: ConversationInfoSchema,
          ...CONFLICT,
          ...NOT_FOUND_OR_INVALID,
          500: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await context.service().fork(request.params.id, request.body)),
  );

  app.post(
    '/api/conversations/:id/navigate',
    {
      schema: {
        operationId: 'navigateConversation',
        tags,
        description:
          'Moves the leaf to `event_id` (null: before the first event); the next message branches there.',
        params,
        body: NavigateSchema,
        response: { 200: ConversationInfoSchema, ...CONFLICT, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => await context.service().navigate(request.params.id, request.body.event_id),
  );

  app.post(
    '/api/conversations/:id/confirmation_policy',
    {
      schema: {
        operationId: 'setConfirmationPolicy',
        tags,
        params,
        body: SetConfirmationPolicySchema,
        response: { 200: SuccessSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      await context.service().setConfirmationPolicy(request.params.id, request.body.policy);
      return success;
    },
  );
}
