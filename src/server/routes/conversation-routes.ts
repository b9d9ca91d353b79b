import { ConversationInfoSchema } from '../../runtime/events';
import { DeleteConversationQuerySchema, UpdateConversationSchema } from '../../runtime/conversation/requests';
import {
  toCreateConversation,
  UpstreamCreateConversationSchema,
} from '../../runtime/upstream/upstream-create-conversation';
import {
  BatchGetQuerySchema,
  BatchGetResponseSchema,
  ConversationCountQuerySchema,
  ConversationPageSchema,
  ConversationParamsSchema,
  ConversationSearchQuerySchema,
  NoQuerySchema,
  SuccessSchema,
  ValidationErrorResponseSchema,
} from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { CONFLICT, NOT_FOUND_OR_INVALID } from './route-responses';
import { z } from 'zod';
import { RuntimeError } from '../../runtime/errors/runtime-error';
import { resolveAgentProfile } from './agent-settings-from-profile';

const tags = ['conversations'];

/** Create, list, search, count, read, update and delete conversations. */
export function registerConversationRoutes(app: ZodApp, context: ServerContext): void {
  app.post(
    '/api/conversations',
    {
      schema: {
        operationId: 'createConversation',
        tags,
        description:
          "201 with a new conversation; 200 with the existing one when `conversation_id` is taken. Also takes upstream's body: `agent` (`llm` becomes the model configuration, its key held in memory only; `tools` checked; `mcp_config` starts its MCP servers; custom system prompts, critics and message suffixes refused), `workspace.kind`/`type` (local only), `hook_config` (null or empty), `user_id` (ignored), `secrets`, and `tags` as an object (`key:value`). 422 `mcp_path_refused` when one of its stdio MCP servers lists `read_only_paths` that would show a path the sandbox hides (the data dir, credential folders, deny_paths).",
        body: UpstreamCreateConversationSchema,
        response: {
          200: ConversationInfoSchema,
          201: ConversationInfoSchema,
          ...CONFLICT,
          ...NOT_FOUND_OR_INVALID,
        },
      },
    },
    async (request, reply) => {
      // Upstream's way of naming the agent is mapped at the edge: the service takes ours only.
      const ours = toCreateConversation(resolveAgentProfile(context, request.body));
      const { info, created } = await context.service().create(ours.request, ours.agent);
      return reply.code(created ? 201 : 200).send(info);
    },
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        operationId: 'batchGetConversations',
        tags,
        description:
          "Upstream's batch get: `ids` repeated (1 to 99 UUIDs). The answer lists the conversations in the order asked, `null` for an unknown id.",
        querystring: BatchGetQuerySchema,
        response: { 200: BatchGetResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => Promise.all(request.query.ids.map((id) => conversationOrNull(context, id))),
  );

  app.get(
    '/api/conversations/search',
    {
      schema: {
        operationId: 'searchConversations',
        tags,
        description:
          'Lists conversations, or with `q` searches titles and message text (as plain text, best match first). Page with `next_page_id`.',
        querystring: ConversationSearchQuerySchema,
        response: { 200: ConversationPageSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => await context.service().search(request.query),
  );

  app.get(
    '/api/conversations/count',
    {
      schema: {
        operationId: 'countConversations',
        tags,
        querystring: ConversationCountQuerySchema,
        response: { 200: z.number().int(), 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => await context.service().count(request.query),
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        operationId: 'getConversation',
        tags,
        params: ConversationParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: ConversationInfoSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => await context.service().get(request.params.id),
  );

  app.patch(
    '/api/conversations/:id',
    {
      schema: {
        operationId: 'updateConversation',
        tags,
        description:
          'Rename (1–200 characters), tag (a list, or an object mapped to `key:value`), pin. A title set here is never replaced by an automatic one.',
        params: ConversationParamsSchema,
        body: UpdateConversationSchema,
        response: { 200: SuccessSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      await context.service().update(request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/conversations/:id',
    {
      schema: {
        operationId: 'deleteConversation',
        tags,
        description:
          "Stops a run first; removes the conversation's events, files and checkpoints, never its original workspace. `delete_files=true` also deletes the branch folder it owns (`branch_folder`: made when it was forked with its own copy of the files) and that folder's git worktree registration, never following a link in it; 409 `branch_folder_in_use` when another conversation works in that folder, 409 `branch_folder_not_removed` (the conversation is kept) when it cannot be deleted safely.",
        params: ConversationParamsSchema,
        querystring: DeleteConversationQuerySchema,
        response: { 200: SuccessSchema, ...NOT_FOUND_OR_INVALID, ...CONFLICT },
      },
    },
    async (request) => {
      await context.service().delete(request.params.id, { deleteFiles: request.query.delete_files });
      return { success: true as const };
    },
  );
}

async function conversationOrNull(context: ServerContext, id: string) {
  try {
    return await context.service().get(id);
  } catch (error) {
    if (error instanceof RuntimeError && error.code === 'conversation_not_found') return null;
    throw error;
  }
}
