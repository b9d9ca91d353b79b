import { z } from 'zod';
import {
  AskAgentSchema,
  SetSecurityAnalyzerSchema,
  SwitchLLMSchema,
} from '../../../runtime/upstream/upstream-requests';
import {
  setUpstreamSecurityAnalyzer,
  switchUpstreamLLM,
} from '../../../runtime/upstream/upstream-operations';
import {
  ConversationParamsSchema,
  EmptyBodySchema,
  ErrorResponseSchema,
  SuccessSchema,
} from '../../http/api-schemas';
import type { ServerContext, ZodApp } from '../../http/server-context';
import { CONFLICT, NOT_FOUND_OR_INVALID } from '../../routes/route-responses';

const tags = ['conversations'];
const params = ConversationParamsSchema;
const success = { success: true as const };
const ResponseTextSchema = z.strictObject({ response: z.string() });
const MODEL_FAILED = { 502: ErrorResponseSchema } as const;

/**
 * The upstream agent server's conversation operations: final response, side question, condensation
 * on demand, switching the model and the security analyzer. Shapes as upstream's.
 */
export function registerUpstreamConversationRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/conversations/:id/agent_final_response',
    {
      schema: {
        operationId: 'getAgentFinalResponse',
        tags,
        description:
          'The message of the latest `finish` call or the text of the latest agent message on the active branch; "" when none.',
        params,
        response: { 200: ResponseTextSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => ({ response: await context.service().agentFinalResponse(request.params.id) }),
  );

  app.post(
    '/api/conversations/:id/ask_agent',
    {
      schema: {
        operationId: 'askAgent',
        tags,
        description:
          'A side question answered by one model call over the current context. Records nothing and changes no status; works during a run. 409 `llm_not_configured`; 502 `llm_call_failed`.',
        params,
        body: AskAgentSchema,
        response: { 200: ResponseTextSchema, ...CONFLICT, ...MODEL_FAILED, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => ({
      response: await context.service().askAgent(request.params.id, request.body.question),
    }),
  );

  app.post(
    '/api/conversations/:id/condense',
    {
      schema: {
        operationId: 'condenseConversation',
        tags,
        description:
          'Summarises the older part of the context now (a CondensationRequest and a Condensation); during a run, before its next model call. Too little history: nothing happens. 409 `llm_not_configured`; 502 `llm_call_failed`.',
        params,
        body: EmptyBodySchema,
        response: { 200: SuccessSchema, ...CONFLICT, ...MODEL_FAILED, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      await context.service().condense(request.params.id);
      return success;
    },
  );

  app.post(
    '/api/conversations/:id/switch_llm',
    {
      schema: {
        operationId: 'switchConversationLLM',
        tags,
        description:
          "The conversation's model from the next model call on (upstream's LLM object, or ours); the key is held in memory and masked, never stored. 422 `llm_unsupported` with the reason.",
        params,
        body: SwitchLLMSchema,
        response: { 200: SuccessSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      await switchUpstreamLLM(context.service(), request.params.id, request.body.llm);
      return success;
    },
  );

  app.post(
    '/api/conversations/:id/security_analyzer',
    {
      schema: {
        operationId: 'setSecurityAnalyzer',
        tags,
        description:
          'Sets the analyzer (upstream or our kinds; null: the pattern analyzer). 422 `security_analyzer_unsupported` with the reason.',
        params,
        body: SetSecurityAnalyzerSchema,
        response: { 200: SuccessSchema, ...NOT_FOUND_OR_INVALID },
      },
    },
    async (request) => {
      await setUpstreamSecurityAnalyzer(context.service(), request.params.id, request.body.security_analyzer);
      return success;
    },
  );
}
